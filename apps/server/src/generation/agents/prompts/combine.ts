import type { ChatMessage } from '../../../providers/llm/llm-port.js';
import type { ArticleBrief, CombinedArticle, Outline, SectionDraft, StyleProfile } from '../types.js';
import { humanizeText } from './humanize.js';
import { keepMarkers, markersOf, splitTitle, unfence } from './reply-text.js';
import { agentMessages } from './shared-context.js';
import { styleText } from './style.js';
import { parseTopic } from '../../../topic/index.js';
import { quotedBlock } from '../../../providers/llm/prompt-data.js';
import { countStockPhrases } from '../../style/stock-phrases.js';

export const COMBINE_ROLE = '你是资深统稿编辑，负责把多位撰稿人并行写好的章节合成一篇连贯的完整文章。';

/** The sections joined under the title: the opening bare, every other section under its `## ` heading. */
export function draftText(outline: Outline, sections: SectionDraft[]): string {
  const parts = [...sections]
    .sort((a, b) => a.index - b.index)
    .map((section) => {
      const text = section.markdown.trim();
      return section.index === 0 || text.startsWith('## ') ? text : `## ${section.heading}\n\n${text}`;
    });
  return `# ${outline.title}\n\n${parts.join('\n\n')}\n`;
}

/**
 * The continuity pass works on the junctions, not on the whole article (issue 19, point 2): the
 * model sees the title, every section heading, and only the text it may revise, each piece behind
 * a marker 〔Pn〕: the last paragraph of every section but the last and the first of every section
 * but the opening (the two sides of each junction, where transitions, repeated openings and early
 * summaries are), and elsewhere the sentences with a stock phrase (去AI味; the whole paragraph when
 * the phrase spans sentences). It answers with the revised pieces only; everything else stays as
 * the section writer wrote it.
 */
export interface DraftParts {
  title: string;
  /** Each section's blocks (paragraphs, lists, tables, ### headings), its `## ` heading first when it has one. */
  sections: string[][];
  /** What the model may revise, in article order: a block, or one sentence of it; the marker of editable[k] is 〔P{k+1}〕. */
  editable: { section: number; block: number; sentence?: number }[];
}

/** A paragraph of prose (not a heading, list, table, quote, image or code). */
function isProse(block: string): boolean {
  return !/^(#|\||[-*+]\s|\d+[.、)]\s?|>|!\[|```)/u.test(block);
}

/** A paragraph's sentences, each with its closing punctuation (and a closing quote or bracket after it). */
function sentencesOf(paragraph: string): string[] {
  const sentences = paragraph.match(/[^。！？!?]+(?:[。！？!?]+[”’」』）)]*|$)/gu) ?? [];
  // Sentences are put back by joining them: a paragraph they do not rebuild is left whole.
  return sentences.join('') === paragraph ? sentences : [paragraph];
}

const hasStockPhrase = (text: string) => countStockPhrases(text).hits.length > 0;

/** The draft split into its title, sections and blocks, with what the continuity pass may revise. */
export function draftParts(draft: string): DraftParts {
  const { title, body } = splitTitle(draft.trim());
  const sections: string[][] = [];
  for (const block of body.split(/\n\s*\n/u).map((text) => text.trim()).filter(Boolean)) {
    if (block.startsWith('## ') || sections.length === 0) sections.push([]);
    sections.at(-1)!.push(block);
  }
  const editable: DraftParts['editable'] = [];
  const count = sections.length;
  for (const [s, blocks] of sections.entries()) {
    const prose = blocks.map((block, b) => (isProse(block) ? b : -1)).filter((b) => b >= 0);
    const junction = new Set<number>();
    if (s > 0 && prose.length > 0) junction.add(prose[0]!);
    if (s < count - 1 && prose.length > 0) junction.add(prose.at(-1)!);
    for (const b of prose) {
      if (junction.has(b)) {
        editable.push({ section: s, block: b });
      } else if (hasStockPhrase(blocks[b]!)) {
        const sentences = sentencesOf(blocks[b]!);
        const flagged = sentences.map((sentence, i) => (hasStockPhrase(sentence) ? i : -1)).filter((i) => i >= 0);
        if (flagged.length === 0) editable.push({ section: s, block: b });
        else for (const i of flagged) editable.push({ section: s, block: b, sentence: i });
      }
    }
  }
  return { title: title ?? '', sections, editable };
}

const marker = (k: number) => `〔P${k + 1}〕`;

function pieceOf(parts: DraftParts, k: number): string {
  const { section, block, sentence } = parts.editable[k]!;
  const text = parts.sections[section]![block]!;
  return sentence === undefined ? text : sentencesOf(text)[sentence]!;
}

/** The excerpt the model sees: title, headings, the editable pieces behind their markers, a note where text is left out. */
function excerptText(parts: DraftParts): string {
  const lines = [`# ${parts.title}`];
  for (const [s, blocks] of parts.sections.entries()) {
    let skipped = 0;
    const flush = () => {
      if (skipped > 0) lines.push(`（此处 ${skipped} 段不改，从略）`);
      skipped = 0;
    };
    for (const [b, block] of blocks.entries()) {
      const pieces = parts.editable.flatMap((piece, k) => (piece.section === s && piece.block === b ? [k] : []));
      if (b === 0 && block.startsWith('## ')) {
        lines.push(block);
      } else if (pieces.length === 0) {
        skipped += 1;
      } else if (parts.editable[pieces[0]!]!.sentence === undefined) {
        flush();
        lines.push(`${marker(pieces[0]!)}${block}`);
      } else {
        flush();
        lines.push(`（此处 1 段只改其中 ${pieces.length} 句，其余从略）\n${pieces.map((k) => `${marker(k)}${pieceOf(parts, k)}`).join('\n')}`);
      }
    }
    flush();
  }
  return lines.join('\n\n');
}

export function combineMessages(brief: ArticleBrief, draft: string, style?: StyleProfile, outline?: Outline): ChatMessage[] {
  const { title } = parseTopic(brief.topic);
  const parts = draftParts(draft);
  const excerpt = excerptText(parts);
  const task = [
    '各节已由不同撰稿人并行写好。你只修订下面【初稿】里带〔P编号〕的段落和句子（各节衔接处的首段和末段，以及别处含套话的句子），做衔接、去重和去AI味，不是重写；其余内容已从略，保持原样。各节内容见【全文大纲】。',
  ];
  const rules = [
    '统稿要求：',
    '1. 上一节的末段和下一节的首段之间补上自然的过渡，删去衔接处与相邻章节重复的内容和观点。',
    '2. 全文只保留一个开头引言（紧接在标题之后，不加小标题）和一个结尾总结（在最后一节）；删去中间各节的开场白和总结语。',
    '3. [n] 引用标记原样保留：不增加、不删除、不改编号，留在所依据的句子后面。',
    '4. 改后篇幅与原文相近；单独列出的句子改后仍是一句，与前后文接得上；写作风格和平台规范与创作要求一致。',
    `5. 第一行是“# 标题”（${title ? `标题必须是「${title}」，一字不改` : '可在原标题基础上润色'}）。`,
    '6. 按下面【去AI味】的要求修订。',
    '输出格式：第一行“# 标题”；之后每个改过的段落或句子单独一段，以编号开头，如“〔P2〕改好的文字”，段间空一行。没有改的不要输出；不要输出小标题、从略说明、解释或代码块标记。',
  ].join('\n');
  return agentMessages(brief, outline, { role: COMBINE_ROLE, rules: task }, [styleText(style), quotedBlock('初稿', excerpt), rules, humanizeText(excerpt)]);
}

/**
 * The continuity pass's answer applied to the draft: each 〔Pn〕 piece replaced by its revision,
 * everything else as written. A revision that is empty, starts a heading, or drops a citation
 * marker its piece had is ignored (the original stays), and so is a marker the excerpt did not
 * have; citation markers the piece lacked are removed. An answer with no marker and text besides a
 * title is not in the format: undefined, so the caller keeps the draft.
 */
export function applyRevisions(draft: string, answer: string): { title: string | undefined; markdown: string } | undefined {
  const parts = draftParts(draft);
  const text = unfence(answer);
  const found = [...text.matchAll(/〔P(\d+)〕/gu)];
  const head = text.slice(0, found[0]?.index ?? text.length);
  const title = /^#\s+(.+?)\s*#*\s*$/mu.exec(head)?.[1]?.trim();
  if (found.length === 0 && head.replace(/^#\s+.*$/mu, '').trim()) return undefined;
  const revised = new Map<number, string>();
  for (const [i, match] of found.entries()) {
    const k = Number(match[1]) - 1;
    const start = match.index! + match[0].length;
    // The piece runs to the next marker or the first blank line, whichever comes first.
    const run = text.slice(start, found[i + 1]?.index ?? text.length);
    const piece = run.split(/\n\s*\n/u)[0]!.trim();
    if (!parts.editable[k] || !piece || piece.startsWith('#')) continue;
    const cited = markersOf(pieceOf(parts, k));
    const kept = keepMarkers(piece, (n) => cited.has(n));
    if ([...cited].every((n) => markersOf(kept).has(n))) revised.set(k, kept);
  }
  const sections = parts.sections.map((blocks, s) =>
    blocks.map((block, b) => {
      const pieces = parts.editable.flatMap((piece, k) => (piece.section === s && piece.block === b && revised.has(k) ? [k] : []));
      if (pieces.length === 0) return block;
      const whole = pieces.find((k) => parts.editable[k]!.sentence === undefined);
      if (whole !== undefined) return revised.get(whole)!;
      const sentences = sentencesOf(block);
      for (const k of pieces) sentences[parts.editable[k]!.sentence!] = revised.get(k)!;
      return sentences.join('');
    }),
  );
  return { title, markdown: sections.map((blocks) => blocks.join('\n\n')).join('\n\n') };
}

/** A whole-article answer: the `# ` title split off (or the fallback), no marker the draft lacked. */
export function parseArticle(text: string, fallbackTitle: string, allowedMarkers: Set<number>): CombinedArticle {
  const { title, body } = splitTitle(unfence(text));
  const finalTitle = title ?? fallbackTitle;
  return { title: finalTitle, markdown: `# ${finalTitle}\n\n${keepMarkers(body, (n) => allowedMarkers.has(n))}\n` };
}
