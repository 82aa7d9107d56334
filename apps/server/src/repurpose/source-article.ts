import { PICTURE_CREDIT_LINE } from '@tianma/shared';
import { isComposerStock } from '../generation/composer/stock-sentences.js';
import { isFiller, keyTerms, leansOnPrevious, markdownProse, scoreSentence } from '../revisions/offline/key-sentences.js';
import { BOLD_HEADING, charLength, plainSentence, readLines, splitSentences } from '../revisions/offline/sentences.js';
import { LIST_OPENER } from '../revisions/offline/summary.js';

/**
 * The source article as 一稿多发 reads it: its title, its sections (heading, paragraphs of
 * sentences, pictures), its key terms. Every sentence keeps its own words; the only compression
 * applied here is dropping an opener that pointed at a list or at the sentence before
 * (第一，… 其实，…), so a sentence can stand alone on another platform. Pure: no I/O.
 */

export interface SourceSentence {
  /** The sentence as the reader sees it (marks removed), without a list opener. */
  text: string;
  /** Position in reading order over the whole article: each sentence is used at most once. */
  order: number;
  score: number;
  question: boolean;
  /** Filler or a stock phrase: never carried over. */
  filler: boolean;
  /** Leans on the sentence before it (所以…): not for a lead or a conclusion standing alone. */
  leaning: boolean;
  /** In a list item: often a fragment restating the text (肤质：…). */
  listItem: boolean;
  length: number;
}

export interface SourceParagraph {
  sentences: SourceSentence[];
  listItem: boolean;
}

export interface SourcePicture {
  alt: string;
  url: string;
  /** The picture's line as written. */
  markdown: string;
}

export type SectionRole = 'lead' | 'intro' | 'body' | 'conclusion';

export interface SourceSection {
  heading: string | null;
  role: SectionRole;
  paragraphs: SourceParagraph[];
  pictures: SourcePicture[];
}

export interface SourceArticle {
  title: string;
  sections: SourceSection[];
  /** Every picture in reading order (the cover under the title first). */
  pictures: SourcePicture[];
  /** The stored cover (articles.image_url), when there is one. */
  coverUrl: string | null;
  /** The text's key terms (TF-IDF over jieba), heaviest first. */
  terms: string[];
}

/** A call to the source platform's buttons (点个在看, 关注我): it means nothing on another platform. */
const PLATFORM_CHATTER = /在看|点赞|关注|转发|转给|留言|收藏|评论区|分享给|三连|公众号|星标/u;
const LIST_LABEL = /^[^，。：:]{1,6}[：:]\s*/u;
/** 再看…, 还要…: once its list opener is gone, the sentence still leans on the one before. */
const LEANING_START = /^(?:再|还|又|也|并)/u;
const HEADING = /^\s*(#{1,6})\s+(.+?)\s*#*\s*$/u;
const PICTURE = /^\s*!\[([^\]]*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)\s*$/u;
/** Sections that list sources: not the article's prose. */
const REFERENCES = /^(?:参考资料|参考文献|资料来源|引用来源|来源|延伸阅读)$/u;
const CONCLUSION = /总结|结语|结论|小结|尾声|写在最后|最后|我的判断|我的看法|收尾|一句话|提醒/u;

export function readSource(input: { title: string; content: string; imageUrl?: string | null }): SourceArticle {
  const terms = keyTerms(markdownProse(input.content));
  const sections: SourceSection[] = [];
  const pictures: SourcePicture[] = [];
  let title: string | null = null;
  let current: SourceSection = { heading: null, role: 'lead', paragraphs: [], pictures: [] };
  let skipping = false;
  let order = 0;
  const close = () => {
    if (!skipping && (current.paragraphs.length > 0 || current.pictures.length > 0)) sections.push(current);
  };
  for (const line of readLines(input.content)) {
    if (line.kind === 'blank') continue;
    if (line.kind === 'structure') {
      const marked = HEADING.exec(line.text);
      const bold = marked ? null : BOLD_HEADING.exec(line.text);
      const heading = marked?.[2] ?? bold?.[1];
      if (marked?.[1] === '#' && title === null) {
        title = plainSentence(heading!);
        continue;
      }
      if (heading) {
        close();
        const plain = plainSentence(heading);
        skipping = REFERENCES.test(plain);
        current = { heading: plain, role: 'body', paragraphs: [], pictures: [] };
        continue;
      }
      const picture = PICTURE.exec(line.text);
      if (picture && !skipping) {
        const found = { alt: picture[1]!.trim(), url: picture[2]!, markdown: line.text.trim() };
        current.pictures.push(found);
        pictures.push(found);
      }
      continue;
    }
    if (skipping || PICTURE_CREDIT_LINE.test(line.text)) continue;
    const sentences = splitSentences(line.text).flatMap((written, position) => {
      const plain = plainSentence(written);
      // A list item's label (需求：…) names a part of the text; the words after it are the item.
      const bare = plain
        .replace(LIST_OPENER, '')
        .replace(line.marker !== '' ? LIST_LABEL : /^$/u, '')
        .trim();
      // A list item or a line without an end mark still ends: joined to the next it would run on.
      const text = /[。！？!?；;…”」』）)]$/u.test(bare) ? bare : `${bare.replace(/[，,：:、]$/u, '')}。`;
      if (charLength(text) < 4) return [];
      order += 1;
      return [
        {
          text,
          order,
          score: scoreSentence(plain, terms, position === 0),
          question: /[？?][”」』）)]?$/u.test(text),
          // A lead-in to a list (几个步骤连起来看：) says nothing without its list.
          // The offline writer's stock lines (topic-free claims, frames about the text) carry its voice,
          // not the article's matter: a compression leaves them out.
          filler: isFiller(plain) || isComposerStock(plain) || PLATFORM_CHATTER.test(plain) || /[：:]$/u.test(bare),
          leaning: leansOnPrevious(plain) || LEANING_START.test(bare),
          listItem: line.marker !== '',
          length: charLength(text),
        },
      ];
    });
    if (sentences.length > 0) current.paragraphs.push({ sentences, listItem: line.marker !== '' });
  }
  close();
  assignRoles(sections);
  return {
    title: title ?? input.title.trim(),
    sections,
    pictures,
    coverUrl: input.imageUrl ?? null,
    terms: [...terms.keys()],
  };
}

/** The opening section before the first heading is the lead; with three sections or more the first headed one introduces and a closing one concludes. */
function assignRoles(sections: SourceSection[]): void {
  const headed = sections.filter((section) => section.heading !== null);
  // A lead of pictures only (the cover under the title) does not open the text; the first headed section does.
  const lead = sections.find((section) => section.role === 'lead' && section.paragraphs.length > 0);
  if (headed.length >= 3) {
    if (!lead) headed[0]!.role = 'intro';
    const last = headed.at(-1)!;
    if (CONCLUSION.test(last.heading!) || headed.length >= 4) last.role = 'conclusion';
  } else if (headed.length >= 2 && CONCLUSION.test(headed.at(-1)!.heading!)) {
    headed.at(-1)!.role = 'conclusion';
  }
}

/** The sections that open the text (a lead with prose, or the introduction), in order. */
export function openingSections(source: SourceArticle): SourceSection[] {
  return source.sections.filter((section) => (section.role === 'lead' || section.role === 'intro') && section.paragraphs.length > 0);
}

/** Every sentence of the source in reading order. */
export function allSentences(source: SourceArticle): SourceSentence[] {
  return source.sections.flatMap((section) => section.paragraphs.flatMap((paragraph) => paragraph.sentences));
}

export function sectionSentences(section: SourceSection): SourceSentence[] {
  return section.paragraphs.flatMap((paragraph) => paragraph.sentences);
}

/** Whether the source has any prose to turn into another form. */
export function hasProse(source: SourceArticle): boolean {
  return allSentences(source).some((sentence) => !sentence.filler && sentence.length >= 8);
}
