import { countCjkLength, stripMarkdown } from '@tianma/shared';
import { type ArticleLine, classifyLines, firstParagraph, isProse, joinLines } from './article-lines.js';

/**
 * Keyword stuffing, kept in check conservatively: a keyword may take up at most ~3% of the
 * article's characters (and always 3 mentions). Mentions past that, in ordinary sentences only
 * (never the title, headings, the first paragraph, tables or links), become 它, and only where
 * that still reads as a sentence: the keyword stands alone between punctuation or function words.
 * Where no mention can be replaced safely the article stays as it is.
 */

export const MAX_KEYWORD_DENSITY = 0.03;
/** A short article may still name its keyword this often. */
export const MIN_KEPT_MENTIONS = 3;
export const NEUTRAL_REFERENCE = '它';

const COUNTED = new Set<ArticleLine['kind']>(['title', 'heading', 'text', 'quote', 'list', 'table']);
/** What may come right before a replaceable mention: the start, a space, punctuation, or a word that takes an object. */
const BEFORE = /^(?:[\s，。！？；：、,.!?;:（(「『“"‘]|[在对把将让给从和与及跟是做选用了])$/u;
/** What may come right after it: the end, a space, punctuation, or a particle. */
const AFTER = /^(?:[\s，。！？；：、,.!?;:）)」』”"’]|[的是也就都有和在了还会能要对让把被])$/u;

interface Mention {
  line: number;
  index: number;
}

function mentionsOf(lines: readonly ArticleLine[], keyword: string): Mention[] {
  const target = keyword.toLowerCase();
  const found: Mention[] = [];
  for (const [line, entry] of lines.entries()) {
    if (!COUNTED.has(entry.kind)) continue;
    const text = entry.text.toLowerCase();
    for (let index = text.indexOf(target); index >= 0; index = text.indexOf(target, index + target.length)) found.push({ line, index });
  }
  return found;
}

/** The keyword's share of the article's characters (each CJK character or Latin word counts one). */
export function keywordDensity(markdown: string, keyword: string): number {
  const lines = classifyLines(markdown).filter((line) => COUNTED.has(line.kind));
  const total = countCjkLength(stripMarkdown(joinLines(lines)));
  return total === 0 ? 0 : (mentionsOf(lines, keyword).length * countCjkLength(keyword)) / total;
}

function standsAlone(text: string, index: number, length: number): boolean {
  const before = index === 0 ? ' ' : text.slice(index - 1, index);
  const after = index + length >= text.length ? ' ' : text.slice(index + length, index + length + 1);
  return BEFORE.test(before) && AFTER.test(after);
}

/** The lines with surplus mentions replaced, or undefined when nothing had to (or could) change. */
export function limitKeywordDensity(lines: readonly ArticleLine[], keywords: readonly string[]): ArticleLine[] | undefined {
  const counted = lines.filter((line) => COUNTED.has(line.kind));
  const total = countCjkLength(stripMarkdown(joinLines(counted)));
  const protectedLines = new Set(firstParagraph(lines));
  const result = lines.map((line) => ({ ...line }));
  let changed = false;
  // Longer keywords first, so 英语四级 is thinned before 四级 is counted.
  for (const keyword of [...keywords].sort((a, b) => b.length - a.length)) {
    const allowed = Math.max(MIN_KEPT_MENTIONS, Math.floor((MAX_KEYWORD_DENSITY * total) / Math.max(1, countCjkLength(keyword))));
    const mentions = mentionsOf(result, keyword);
    const surplus = mentions.slice(allowed).filter(({ line, index }) => {
      const entry = result[line]!;
      return isProse(entry) && !protectedLines.has(line) && !entry.text.includes('](') && standsAlone(entry.text, index, keyword.length);
    });
    // Right to left, so the indexes still found in a line stay valid.
    for (const { line, index } of surplus.reverse()) {
      const text = result[line]!.text;
      result[line]!.text = `${text.slice(0, index)}${NEUTRAL_REFERENCE}${text.slice(index + keyword.length)}`;
      changed = true;
    }
  }
  return changed ? result : undefined;
}
