import { fitText, wrapText } from '../providers/images/text-layout.js';
import type { CardBlock, CardBlockKind } from './card-blocks.js';

/**
 * Pagination of the Xiaohongshu content cards. Pure: the text measurer is injected. Lines are
 * never cut: a block moves whole to the next card, or, when it is longer than what is left and
 * the card is still mostly empty, splits between two lines (never leaving one line alone).
 * A heading is kept with the start of what follows it.
 */

export type Measure = (text: string, font: TextFont) => number;

export interface TextFont {
  size: number;
  bold: boolean;
  mono?: boolean;
}

export interface KindMetrics {
  font: TextFont;
  lineHeight: number;
  /** Left indent of the text (markers, quote bars, code padding). */
  indent: number;
  /** Space above the block when it is not first on its card. */
  before: number;
  /** Extra height around the block (a code or quote box's padding, top plus bottom). */
  padding: number;
}

export interface PlacedBlock {
  kind: CardBlockKind;
  lines: string[];
  marker?: string;
  depth: number;
  metrics: KindMetrics;
  /** Space above it on its card (0 for the first block). */
  before: number;
}

export interface CardPage {
  blocks: PlacedBlock[];
}

export interface LayoutOptions {
  width: number;
  height: number;
  maxCards: number;
  /** Scale factors tried in turn until the text fits within maxCards. */
  scales?: readonly number[];
}

export interface CardLayout {
  pages: CardPage[];
  /** The text did not all fit within maxCards. */
  truncated: boolean;
  scale: number;
}

const BASE: Record<CardBlockKind, KindMetrics> = {
  heading: { font: { size: 48, bold: true }, lineHeight: 70, indent: 30, before: 44, padding: 0 },
  paragraph: { font: { size: 38, bold: false }, lineHeight: 64, indent: 0, before: 30, padding: 0 },
  item: { font: { size: 38, bold: false }, lineHeight: 64, indent: 52, before: 14, padding: 0 },
  quote: { font: { size: 36, bold: false }, lineHeight: 60, indent: 40, before: 30, padding: 24 },
  code: { font: { size: 28, bold: false, mono: true }, lineHeight: 44, indent: 28, before: 30, padding: 40 },
};
const NESTED_INDENT = 44;
/** A block may be split only when the card is less full than this. */
const SPLIT_WHEN_BELOW = 0.55;

export function metricsFor(kind: CardBlockKind, scale: number): KindMetrics {
  const base = BASE[kind];
  const s = (n: number) => Math.round(n * scale);
  return { font: { ...base.font, size: s(base.font.size) }, lineHeight: s(base.lineHeight), indent: s(base.indent), before: s(base.before), padding: s(base.padding) };
}

export function layoutCards(blocks: readonly CardBlock[], measure: Measure, options: LayoutOptions): CardLayout {
  const scales = options.scales ?? [1, 0.9, 0.82];
  let layout: CardLayout | undefined;
  for (const scale of scales) {
    layout = paginate(blocks, measure, options, scale);
    if (!layout.truncated) return layout;
  }
  return layout!;
}

function wrapBlock(block: CardBlock, measure: Measure, width: number, metrics: KindMetrics, depth: number): string[] {
  const available = width - metrics.indent - depth * NESTED_INDENT - (block.kind === 'code' || block.kind === 'quote' ? metrics.indent : 0);
  const measureLine = (text: string) => measure(text, metrics.font);
  if (block.kind === 'heading') {
    // Balanced, so a heading never ends with one lonely character on its last line.
    const size = metrics.font.size;
    return fitText(block.text, { maxWidth: available, maxLines: 99, maxSize: size, minSize: size, balance: true }, measureLine).lines;
  }
  if (block.kind !== 'code') return wrapText(block.text, available, measureLine);
  // Code keeps its indentation, on the wrapped parts of a line too (wrapText drops leading spaces).
  return block.text.split('\n').flatMap((line) => {
    if (!line.trim()) return [' '];
    const indent = /^ */.exec(line)![0].slice(0, 16);
    return wrapText(line.trimStart(), available - measureLine(indent), measureLine).map((part) => indent + part);
  });
}

function paginate(blocks: readonly CardBlock[], measure: Measure, options: LayoutOptions, scale: number): CardLayout {
  const pages: CardPage[] = [];
  let page: CardPage = { blocks: [] };
  let used = 0;
  let truncated = false;

  const newPage = (): boolean => {
    if (page.blocks.length > 0) pages.push(page);
    if (pages.length >= options.maxCards) return false;
    page = { blocks: [] };
    used = 0;
    return true;
  };
  const heightOf = (lines: number, metrics: KindMetrics, before: number) => before + lines * metrics.lineHeight + metrics.padding;

  outer: for (let index = 0; index < blocks.length; index++) {
    const block = blocks[index]!;
    const depth = block.depth ?? 0;
    const metrics = metricsFor(block.kind, scale);
    let lines = wrapBlock(block, measure, options.width, metrics, depth);
    // A list item carried on to the next card does not repeat its marker.
    let marker = block.marker;
    while (lines.length > 0) {
      const before = page.blocks.length > 0 ? metrics.before : 0;
      const room = options.height - used;
      let need = heightOf(lines.length, metrics, before);
      if (block.kind === 'heading' && page.blocks.length > 0 && index + 1 < blocks.length) {
        // Keep a heading with the first two lines of what follows.
        const next = metricsFor(blocks[index + 1]!.kind, scale);
        need += next.before + 2 * next.lineHeight + next.padding;
      }
      if (need <= room) {
        page.blocks.push({ kind: block.kind, lines, marker, depth, metrics, before });
        used += heightOf(lines.length, metrics, before);
        break;
      }
      const fitting = Math.floor((room - before - metrics.padding) / metrics.lineHeight);
      // Never leave a single line on either side of a split.
      const take = Math.min(fitting, lines.length - 2);
      const wholeFitsAlone = heightOf(lines.length, metrics, 0) <= options.height;
      const maySplit = block.kind !== 'heading' && take >= 2 && (!wholeFitsAlone || used / options.height < SPLIT_WHEN_BELOW);
      const forced = page.blocks.length === 0; // taller than a whole card: place what fits
      if (maySplit || forced) {
        const count = maySplit ? take : Math.max(1, fitting);
        page.blocks.push({ kind: block.kind, lines: lines.slice(0, count), marker, depth, metrics, before });
        lines = lines.slice(count);
        marker = undefined;
      }
      if (!newPage()) {
        truncated = true;
        break outer;
      }
    }
  }
  if (!truncated && page.blocks.length > 0) pages.push(page);
  return { pages, truncated, scale };
}
