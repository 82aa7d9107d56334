import { stripMarkdown } from '@tianma/shared';

/**
 * Citation validity (WRITING.md §7): every [n] resolves to a listed source, no source is listed
 * twice, no heading, list item or table row of a source is cited as a fact, and no source
 * sentence is used twice. The article's cited text is matched to the sources' lines after
 * reducing both to letters and digits; a line's kind is read from its markdown (# heading,
 * | table row |, - or 1. list item) or, for a line without markup, from its shape (short and
 * without sentence punctuation: a heading).
 */

export interface SourceText {
  title: string;
  content: string;
}

export type SourceLineKind = 'heading' | 'table_row' | 'list_item' | 'sentence';

export interface CitationProblem {
  marker: number;
  /** The article's text that carries the marker. */
  quote: string;
  problem: 'unresolved' | SourceLineKind;
  /** The source line the quote was found in, when it was. */
  sourceLine?: string;
}

export interface CitationCheck {
  markers: number;
  /** Markers whose quote was found in a source's line (the structure and reuse checks apply to these). */
  matched: number;
  listed: number;
  unresolved: CitationProblem[];
  duplicateSources: string[];
  structureCited: CitationProblem[];
  /** Table rows and list items of a source (≥ 8 letters and digits) that appear verbatim in the article, cited or not. */
  structureQuoted: string[];
  /** Source sentences (≥ 12 characters) that occur more than once in the article. */
  reusedSourceSentences: { sentence: string; times: number }[];
  valid: boolean;
}

const REFERENCE_HEADING = /^#{2,3}\s*(参考资料|参考文献|资料来源)\s*$/m;
const MARKER = /\[(\d{1,3})\]/g;

/** Letters and digits only: markup, spaces and punctuation do not stop a quote matching its source. */
export const reduce = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, '').toLowerCase();

export function lineKind(line: string): SourceLineKind {
  const trimmed = line.trim();
  if (/^#{1,6}\s/.test(trimmed)) return 'heading';
  if (/^\|.*\|$/.test(trimmed) || (trimmed.match(/\|/g) ?? []).length >= 2 || trimmed.split('\t').length >= 3) return 'table_row';
  if (/^([-*+•·]\s|\d{1,2}[.、)]\s*|[（(][一二三四五六七八九十\d]{1,3}[)）])/u.test(trimmed)) return 'list_item';
  const han = (trimmed.match(/\p{Script=Han}/gu) ?? []).length;
  if (han <= 24 && !/[。！？!?；;，,]/u.test(trimmed)) return 'heading';
  return 'sentence';
}

/** The text a marker cites: back from the marker to the previous sentence end or marker, on its line. */
function quotesOf(main: string): { marker: number; quote: string }[] {
  const found: { marker: number; quote: string }[] = [];
  for (const line of main.split('\n')) {
    let last = 0;
    for (const match of line.matchAll(MARKER)) {
      const before = line.slice(last, match.index);
      const parts = before.split(/(?<=[。！？!?])/u);
      let quote = parts.pop() ?? '';
      // A marker right after the sentence end cites that sentence.
      if (reduce(quote).length === 0 && parts.length > 0) quote = parts.pop()!;
      // A quotation in the sentence is what is cited (资料写道：“…”[1]), not the lead-in.
      const quoted = [...quote.matchAll(/[“「"『]([^”」"』]+)[”」"』]/gu)].at(-1)?.[1];
      found.push({ marker: Number(match[1]), quote: stripMarkdown(quoted ?? quote).replace(/^[\s>*-]+/, '').trim() });
      last = match.index + match[0].length;
    }
  }
  return found;
}

function sourceSentences(sources: SourceText[]): string[] {
  const all = sources.flatMap((source) =>
    source.content
      .split(/(?<=[。！？!?；;])|\n+/u)
      .map((sentence) => sentence.trim())
      .filter((sentence) => lineKind(sentence) === 'sentence' && (sentence.match(/\p{Script=Han}/gu) ?? []).length >= 12),
  );
  return [...new Set(all)];
}

const occurrences = (haystack: string, needle: string) => (needle ? haystack.split(needle).length - 1 : 0);

export function checkCitations(markdown: string, sources: SourceText[]): CitationCheck {
  const cut = REFERENCE_HEADING.exec(markdown);
  const main = cut ? markdown.slice(0, cut.index) : markdown;
  const listed = cut
    ? markdown
        .slice(cut.index + cut[0].length)
        .split('\n')
        .map((line) => /^\s*\d+[.、]\s*(.+)$/.exec(line)?.[1]?.trim())
        .filter((line): line is string => Boolean(line))
    : [];
  const duplicateSources = [...new Set(listed.filter((label, i) => listed.indexOf(label) !== i))];

  const quotes = quotesOf(main);
  const unresolved: CitationProblem[] = quotes.filter((q) => q.marker < 1 || q.marker > listed.length).map((q) => ({ ...q, problem: 'unresolved' }));
  const sourceLines = sources.flatMap((source) => source.content.split('\n').filter((line) => reduce(line).length > 0));
  const structureCited: CitationProblem[] = [];
  let matched = 0;
  const quotedFromSource = new Map<string, { quote: string; times: number }>();
  for (const q of quotes) {
    const key = reduce(q.quote);
    if (key.length < 4) continue;
    const line = sourceLines.find((candidate) => {
      const reduced = reduce(candidate);
      return reduced.includes(key) || (reduced.length >= 4 && key.includes(reduced));
    });
    if (!line) continue;
    matched += 1;
    const seen = quotedFromSource.get(key);
    quotedFromSource.set(key, { quote: q.quote, times: (seen?.times ?? 0) + 1 });
    const kind = lineKind(line);
    if (kind !== 'sentence') structureCited.push({ ...q, problem: kind, sourceLine: line.trim() });
  }

  const articleText = reduce(stripMarkdown(main));
  const reusedSourceSentences = sourceSentences(sources)
    .map((sentence) => ({ sentence, times: occurrences(articleText, reduce(sentence)) }))
    .filter((entry) => entry.times > 1);
  // A quote cited twice counts too, when it is a clause shorter than its source sentence.
  for (const { quote, times } of quotedFromSource.values()) {
    if (times > 1 && !reusedSourceSentences.some((entry) => reduce(entry.sentence).includes(reduce(quote)))) reusedSourceSentences.push({ sentence: quote, times });
  }

  const structureQuoted = [
    ...new Set(
      sourceLines
        .filter((line) => ['table_row', 'list_item'].includes(lineKind(line)))
        .map((line) => line.trim())
        .filter((line) => reduce(line.replace(/^([-*+•·]\s|\d{1,2}[.、)]\s*)/u, '')).length >= 8 && articleText.includes(reduce(line.replace(/^([-*+•·]\s|\d{1,2}[.、)]\s*)/u, '')))),
    ),
  ];

  return {
    markers: quotes.length,
    matched,
    listed: listed.length,
    unresolved,
    duplicateSources,
    structureCited,
    structureQuoted,
    reusedSourceSentences,
    valid: unresolved.length === 0 && duplicateSources.length === 0 && structureCited.length === 0 && structureQuoted.length === 0 && reusedSourceSentences.length === 0,
  };
}
