import { countCjkLength } from '@tianma/shared';

/**
 * Length fitting. A section is planned as pieces (sentences) with priorities; selectPieces keeps
 * the essential ones and adds the rest by priority while they fit, then closes the gap with the
 * piece that fits best. A finished article is fitted by removing optional sentences (never a
 * paragraph's first sentence, a citation or a protected word) or by adding filler sentences to
 * body paragraphs.
 */

export interface Piece {
  text: string;
  /** Paragraph group: pieces render by group, then by order. */
  group: number;
  order: number;
  /** 0 is always kept; higher numbers are dropped first. */
  priority: number;
  /** A block (a list) renders as its own paragraph. */
  block?: boolean;
}

const len = (text: string) => countCjkLength(text);

export function selectPieces(pieces: readonly Piece[], target: number): Piece[] {
  const chosen = new Set(pieces.filter((piece) => piece.priority === 0));
  let total = [...chosen].reduce((sum, piece) => sum + len(piece.text), 0);
  const optional = pieces.filter((piece) => piece.priority > 0).sort((a, b) => a.priority - b.priority || a.order - b.order);
  for (const piece of optional) {
    const size = len(piece.text);
    if (total + size <= target) {
      chosen.add(piece);
      total += size;
    }
  }
  // Close the remaining gap with whatever lands nearest the target.
  for (let round = 0; round < 3 && total < target; round += 1) {
    const gap = target - total;
    let best: Piece | undefined;
    for (const piece of optional) {
      if (chosen.has(piece)) continue;
      const miss = Math.abs(gap - len(piece.text));
      if (miss < gap && (!best || miss < Math.abs(gap - len(best.text)))) best = piece;
    }
    if (!best) break;
    chosen.add(best);
    total += len(best.text);
  }
  return pieces.filter((piece) => chosen.has(piece)).sort((a, b) => a.group - b.group || a.order - b.order);
}

const SENTENCE = /[^。！？!?]+(?:[。！？!?]+|$)(?:[”’」』）)]|\[\d+\]|\*\*|\p{Extended_Pictographic}|\uFE0F|\u200D|[ \t])*/gu;

export function splitSentences(paragraph: string): string[] {
  return (paragraph.match(SENTENCE) ?? []).filter((sentence) => sentence.trim().length > 0);
}

export type BlockKind = 'title' | 'heading' | 'tags' | 'quote' | 'list' | 'paragraph';

export interface Block {
  kind: BlockKind;
  text: string;
  /** Headings seen before this block: blocks of one section share it. */
  section: number;
}

const XHS_HEADING = /^\p{Extended_Pictographic}\uFE0F?\s*\*\*[^*]+\*\*\s*$/u;

export function isHeadingLine(line: string): boolean {
  return /^#{2,6}\s/.test(line) || XHS_HEADING.test(line.trim());
}

function kindOf(text: string): BlockKind {
  if (/^#\s/.test(text)) return 'title';
  if (isHeadingLine(text)) return 'heading';
  if (/^#[^\s#]/.test(text)) return 'tags';
  if (/^>/.test(text)) return 'quote';
  if (/^([-*+]|\d+\.)\s/.test(text)) return 'list';
  return 'paragraph';
}

export function parseBlocks(markdown: string): Block[] {
  let section = 0;
  return markdown
    .split(/\n\s*\n/)
    .map((text) => text.trim())
    .filter(Boolean)
    .map((text) => {
      const kind = kindOf(text);
      if (kind === 'heading') section += 1;
      return { kind, text, section };
    });
}

export function renderBlocks(blocks: readonly Block[]): string {
  return `${blocks.map((block) => block.text).join('\n\n')}\n`;
}

export interface FitOptions {
  /** Sentences containing one of these are never removed. */
  protect?: readonly string[];
  /** A new sentence of about `room` characters or fewer, or undefined when none is left. */
  filler?: (room: number) => string | undefined;
  /** Prefix of a new paragraph (a Xiaohongshu emoji); without it fillers extend paragraphs. */
  newParagraphPrefix?: () => string;
  /** Accepted deviation before fitting starts; 5% by default. */
  band?: number;
}

/** Paragraph blocks by position: the first and the last section with prose are the edges. */
function prose(blocks: readonly Block[]) {
  const paragraphs = blocks.map((block, i) => ({ block, i })).filter(({ block }) => block.kind === 'paragraph');
  const sections = paragraphs.map(({ block }) => block.section);
  const first = Math.min(...sections);
  const last = Math.max(...sections);
  const body = paragraphs.filter(({ block }) => block.section !== first && block.section !== last);
  return { paragraphs, body, edges: paragraphs.filter(({ block }) => block.section === first || block.section === last) };
}

function removable(sentence: string, protect: readonly string[]): boolean {
  return !/\[\d+\]/.test(sentence) && !protect.some((word) => word && sentence.includes(word));
}

function trim(blocks: Block[], lower: number, upper: number, protect: readonly string[]): number {
  let total = len(renderBlocks(blocks));
  const { body, edges } = prose(blocks);
  for (const tier of [body, edges]) {
    while (total > upper) {
      let best: { i: number; at: number; size: number; weight: number } | undefined;
      for (const { i } of tier) {
        const sentences = splitSentences(blocks[i]!.text);
        for (let at = sentences.length - 1; at >= 1; at -= 1) {
          const size = len(sentences[at]!);
          if (!removable(sentences[at]!, protect) || total - size < lower) continue;
          const weight = len(blocks[i]!.text);
          if (!best || weight > best.weight) best = { i, at, size, weight };
          break;
        }
      }
      if (!best) break;
      const sentences = splitSentences(blocks[best.i]!.text);
      sentences.splice(best.at, 1);
      blocks[best.i] = { ...blocks[best.i]!, text: sentences.join('').trim() };
      total -= best.size;
    }
  }
  // Whole paragraphs after each section's first one, body first, when sentences were not enough.
  for (const { block, i } of [...[...body].reverse(), ...[...edges].reverse()]) {
    if (total <= upper) break;
    const size = len(block.text);
    const firstOfSection = blocks.findIndex((other) => other.kind === 'paragraph' && other.section === block.section) === i;
    if (firstOfSection || !removable(block.text, protect) || total - size < lower) continue;
    blocks[i] = { ...block, text: '' };
    total -= size;
  }
  return total;
}

function extend(blocks: Block[], target: number, lower: number, options: FitOptions): Block[] {
  let total = len(renderBlocks(blocks));
  const { body, paragraphs } = prose(blocks);
  const hosts = body.length > 0 ? body : paragraphs;
  if (!options.filler || hosts.length === 0) return blocks;
  const added = new Map<number, string[]>();
  for (let n = 0; total < lower && n < 2000; n += 1) {
    const sentence = options.filler(Math.max(6, Math.ceil(target - total)));
    if (!sentence) break;
    const host = hosts[n % hosts.length]!.i;
    added.set(host, [...(added.get(host) ?? []), sentence]);
    total += len(sentence);
  }
  return blocks.flatMap((block, i) => {
    const extra = added.get(i);
    if (!extra) return [block];
    if (options.newParagraphPrefix) {
      return [block, ...extra.map((sentence) => ({ ...block, text: `${options.newParagraphPrefix!()} ${sentence}` }))];
    }
    return [{ ...block, text: `${block.text}${extra.join('')}` }];
  });
}

/** Brings an article's CJK length near `target` (within the band when the text allows it). */
export function fitArticleLength(markdown: string, target: number, options: FitOptions = {}): string {
  const band = options.band ?? 0.05;
  const lower = target * (1 - band);
  const upper = target * (1 + band);
  let blocks = parseBlocks(markdown);
  const total = len(markdown);
  if (total > upper) trim(blocks, lower, upper, options.protect ?? []);
  else if (total < lower) blocks = extend(blocks, target, lower, options);
  else return markdown;
  return renderBlocks(blocks.filter((block) => block.text.length > 0));
}
