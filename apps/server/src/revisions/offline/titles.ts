import { parseTopic } from '../../topic/index.js';
import { deai } from './deai.js';
import { byScore, isFiller, keyTerms, markdownProse, overlap, type Sentence, scoreSentences } from './key-sentences.js';
import { BOLD_HEADING, plainSentence, readLines } from './sentences.js';
import { LIST_OPENER } from './summary.js';

/**
 * 标题候选 without a model: five titles made of the article's own parts, not of frames the topic
 * is pasted into. A title is the question the article answers (from the request, a heading or a
 * sentence that asks it), a key sentence that makes a claim, a section heading led by the
 * subject, a key clause with a number the article contains, or the question with its answer.
 * The only words added are marks (：？) and, on 小红书, one emoji. Each platform's limit holds:
 * 公众号 32 (the draft editor's), 小红书 20, 知乎 50 and every title a question or a claim.
 */

export const TITLE_LIMITS: Record<string, number> = { wechat: 32, xiaohongshu: 20, zhihu: 50 };
const DEFAULT_LIMIT = TITLE_LIMITS.wechat!;
export const TITLE_COUNT = 5;

export const CLICKBAIT = /震惊|必看|绝了|吐血|速看|疯传|不看后悔|刷屏|炸裂|封神|天花板|惊呆|万万没想到|太香了|yyds/iu;
/** Headings every article has: they say where, not what. */
const GENERIC_HEADING = /^(?:写在前面|写在最后|前言|引言|序言?|结语|结尾|尾声|总结|小结|最后|简短回答|开头|正文|参考资料|参考文献|附录|一句话总结|先说结论)$/u;
/** 我的答案是：… — the article's voice announcing its answer; the answer is the title. */
const ANSWER_OPENER = /^(?:我的|一句话)?(?:答案|判断|看法|结论|回答)(?:是)?[：:，,]\s*/u;
/** A clause that leans on another (如果…, 虽然…, 对…来说): no title on its own. */
const DEPENDENT = /^(?:如果|要是|假如|虽然|尽管|因为|由于|当|对于?[^，]{1,12}来说|除了)/u;
const EMOJI = ['📖', '💡', '📝', '📌', '✨'];

export interface TitleInput {
  article: string;
  platform: string;
  topic?: string | null;
  title?: string | null;
}

const length = (text: string) => [...text].length;
/** Compared without marks, spaces and emoji: 绘本怎么选？ and 绘本怎么选 are one title. */
const key = (text: string) => text.replace(/[\p{P}\p{S}\s]/gu, '').toLowerCase();

function tooClose(a: string, b: string): boolean {
  const [x, y] = [key(a), key(b)];
  return x === y || x.includes(y) || y.includes(x) || overlap(a, b) >= 0.5;
}

/** A key sentence as a title: no list opener or stock phrase, no end mark (a question keeps its ？). */
function asTitle(plain: string): string {
  const text = deai(plain.replace(LIST_OPENER, '').replace(ANSWER_OPENER, '')).trim();
  const question = /[？?]$/u.test(text);
  const bare = text.replace(/[。！？!?；;…．.，,：:\s]+$/u, '');
  return question ? `${bare}？` : bare;
}

/** The sentence whole when it fits, else its first clause and the clause holding a number. */
function pieces(title: string, limit: number): string[] {
  if (length(title) <= limit) return DEPENDENT.test(title) ? [] : [title];
  const clauses = title.split(/[，,；;]/u).map((clause) => clause.trim());
  return [clauses[0]!, clauses.find((clause) => /\d|[一二两三四五六七八九十]+[^\s，]{0,2}(?:岁|个|种|条|步|天|年|月|本|元|倍|成)/u.test(clause)) ?? ''].filter((clause) => length(clause) >= 6 && length(clause) <= limit && !DEPENDENT.test(clause));
}

interface Section {
  heading: string;
  sentences: Sentence[];
}

function readArticle(article: string): { title?: string; sections: Section[]; sentences: Sentence[] } {
  const sentences = scoreSentences(article);
  const sections: Section[] = [];
  let title: string | undefined;
  let paragraph = 0;
  let section: Section | undefined;
  for (const line of readLines(article)) {
    const marked = line.kind === 'structure' ? /^\s*(#{1,6})\s+(.+?)\s*#*\s*$/u.exec(line.text) : null;
    const bold = line.kind === 'structure' ? BOLD_HEADING.exec(line.text) : null;
    const heading = marked?.[2] ?? bold?.[1];
    if (marked?.[1] === '#' && title === undefined) title = plainSentence(heading!);
    else if (heading) {
      section = { heading: plainSentence(heading), sentences: [] };
      sections.push(section);
    } else if (line.kind === 'prose') {
      section?.sentences.push(...sentences.filter((s) => s.paragraph === paragraph));
      paragraph += 1;
    }
  }
  return { ...(title ? { title } : {}), sections, sentences };
}

export function titleCandidates(input: TitleInput): string[] {
  const limit = TITLE_LIMITS[input.platform] ?? DEFAULT_LIMIT;
  const { title: heading, sections, sentences } = readArticle(input.article);
  const current = input.title?.trim() || heading || '';
  const parsed = input.topic?.trim() ? parseTopic(input.topic.trim()) : undefined;
  const terms = [...keyTerms(markdownProse(input.article), 8).keys()];
  const subject = parsed && parsed.subject !== '这个话题' && length(parsed.subject) <= 10 ? parsed.subject : (parsed?.keyTerms[0] ?? terms[0] ?? '');
  const mentions = (text: string) => [subject, ...(parsed?.keyTerms ?? []), ...terms].some((term) => term && text.toLowerCase().includes(term.toLowerCase()));

  const ranked = sentences.filter((s) => !isFiller(s.plain)).sort(byScore);
  const claims = ranked.filter((s) => !/[？?]\s*$/u.test(s.plain)).flatMap((s) => pieces(asTitle(s.plain), limit).filter(mentions));
  const asked = [
    ...(parsed?.question ? [`${parsed.question.replace(/[？?]$/u, '')}？`] : []),
    ...sections.map((s) => s.heading).filter((h) => /[？?]$/u.test(h)),
    ...ranked.filter((s) => /[？?]\s*$/u.test(s.plain) && !/^(?:下面|想回答)/u.test(s.plain)).map((s) => asTitle(s.plain)),
  ].filter((q) => mentions(q) && length(q) <= limit);
  const numbered = ranked.filter((s) => /\d|[一二两三四五六七八九十]/u.test(s.plain)).flatMap((s) => pieces(asTitle(s.plain), limit).filter((t) => /\d|[一二两三四五六七八九十]/u.test(t) && mentions(t)));
  const headed = sections
    .filter((s) => !GENERIC_HEADING.test(s.heading) && !/[？?]$/u.test(s.heading))
    .map((s) => {
      const best = s.sentences.filter((x) => !isFiller(x.plain) && !/[？?]\s*$/u.test(x.plain)).sort(byScore)[0];
      const claim = best ? pieces(asTitle(best.plain), limit)[0] : undefined;
      const withClaim = claim ? `${s.heading}：${claim}` : '';
      if (withClaim && length(withClaim) <= limit && !tooClose(s.heading, claim!)) return withClaim;
      return mentions(s.heading) || !subject ? s.heading : `${subject}：${s.heading}`;
    })
    .filter((t) => length(t) <= limit);
  const answered = asked.slice(0, 2).flatMap((q) => claims.slice(0, 3).map((claim) => `${q}${claim}`)).filter((t) => length(t) <= limit);

  // 知乎 asks or claims; the others lead with what the article says, then where it says it.
  const order =
    input.platform === 'zhihu'
      ? [asked.slice(0, 1), answered.slice(0, 1), claims.slice(0, 1), numbered.slice(0, 1), asked.slice(1), claims.slice(1), answered.slice(1), numbered.slice(1)]
      : [claims.slice(0, 1), headed.slice(0, 1), numbered.slice(0, 1), asked.slice(0, 1), answered.slice(0, 1), headed.slice(1), claims.slice(1), asked.slice(1), numbered.slice(1)];
  const chosen: string[] = [];
  for (const candidate of order.flat()) {
    if (chosen.length >= TITLE_COUNT) break;
    const title = candidate.trim();
    if (!title || CLICKBAIT.test(title) || key(title) === key(current) || chosen.some((c) => tooClose(c, title))) continue;
    chosen.push(title);
  }
  // A short article: its sentences' clauses, then its headings (on 知乎 only those that ask);
  // unlike the titles above first, then merely different.
  const headings = sections.map((s) => s.heading).filter((h) => input.platform !== 'zhihu' || /[？?]$/u.test(h));
  const rest = [...ranked.flatMap((s) => asTitle(s.plain).split(/[，,；;]/u)), ...headings].map((t) => t.replace(/[。！!]$/u, '').trim());
  for (const unlike of [true, false]) {
    for (const title of rest) {
      if (chosen.length >= TITLE_COUNT) break;
      if (length(title) < 4 || length(title) > limit || CLICKBAIT.test(title) || DEPENDENT.test(title) || key(title) === key(current)) continue;
      if (!chosen.some((c) => (unlike ? tooClose(c, title) : key(c) === key(title)))) chosen.push(title);
    }
  }
  if (input.platform === 'xiaohongshu' && chosen[0] && length(chosen[0]) < limit) {
    // One emoji, on the first title only, chosen by the article so it is the same on every run.
    const seed = [...input.article].reduce((sum, ch) => (sum * 31 + ch.charCodeAt(0)) % 9973, 7);
    chosen[0] = `${chosen[0]}${EMOJI[seed % EMOJI.length]}`;
  }
  return chosen;
}
