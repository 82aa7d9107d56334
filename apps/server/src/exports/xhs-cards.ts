import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { zipSync } from 'fflate';
import { AppError } from '../platform/errors.js';
import { fitText, wrapText } from '../providers/images/text-layout.js';
import { cardBlocks, cardText } from './card-blocks.js';
import { cardFontFamily } from './card-fonts.js';
import { type CardPage, layoutCards, type PlacedBlock, type TextFont } from './xhs-layout.js';

/**
 * Xiaohongshu image cards: 1080×1440 (3:4) PNGs, a cover with the title and content cards with
 * the article's text, zipped. Drawn in-process with @napi-rs/canvas; the PNG encoding, most of
 * the cost, runs on libuv's pool (canvas.encode), and at most two sets are drawn at a time.
 */

export const CARD_WIDTH = 1080;
export const CARD_HEIGHT = 1440;
/** Content cards after the cover (11 images in all at most). */
export const MAX_CONTENT_CARDS = 10;

const PAD = 96;
const BODY_TOP = 224;
const BODY_HEIGHT = 1060;
const SUMMARY_GAP = 88;
const SUMMARY_LINE = 56;
const COLORS = {
  background: '#fffaf8',
  accent: '#ff2442',
  accentSoft: '#ffd5dc',
  ink: '#22181a',
  muted: '#8a7076',
  quote: '#fff0f2',
  code: '#f5f1ef',
};

export interface XhsCardsInput {
  title: string;
  markdown: string;
}

export interface XhsCard {
  name: string;
  png: Buffer;
}

export interface XhsCardSet {
  cards: XhsCard[];
  /** The text did not all fit on the cards; the last one says so. */
  truncated: boolean;
}

const MAX_PARALLEL = 2;
let running = 0;
const waiting: (() => void)[] = [];

/** At most two sets at once: each holds a dozen 1080×1440 canvases' worth of CPU and memory. */
async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export function renderXhsCards(input: XhsCardsInput): Promise<XhsCardSet> {
  const family = cardFontFamily();
  if (!family) throw new AppError('UNAVAILABLE', '服务器缺少中文字体，暂时无法生成小红书图片');
  return withSlot(() => drawSet(input, family));
}

export async function xhsCardsZip(input: XhsCardsInput): Promise<Buffer> {
  const { cards } = await renderXhsCards(input);
  // PNG is already compressed: stored, not deflated again.
  const zipped = zipSync(Object.fromEntries(cards.map((card) => [card.name, [card.png, { level: 0 }]])));
  return Buffer.from(zipped.buffer, zipped.byteOffset, zipped.byteLength);
}

const fontOf = (family: string, font: TextFont) =>
  `${font.bold ? 'bold ' : ''}${font.size}px ${font.mono ? `"DejaVu Sans Mono", ${family}` : family}`;

async function drawSet(input: XhsCardsInput, family: string): Promise<XhsCardSet> {
  const title = cardText(input.title) || '天马文章';
  const scratch = createCanvas(8, 8).getContext('2d');
  const measure = (text: string, font: TextFont) => {
    scratch.font = fontOf(family, font);
    return scratch.measureText(text).width;
  };
  const blocks = cardBlocks(input.markdown);
  const layout = layoutCards(blocks, measure, { width: CARD_WIDTH - 2 * PAD, height: BODY_HEIGHT, maxCards: MAX_CONTENT_CARDS });
  const paragraphs = blocks.filter((block) => block.kind === 'paragraph').map((block) => block.text);
  const summary = paragraphs.find((text) => text.length >= 20) ?? paragraphs[0] ?? '';
  const total = layout.pages.length + 1;

  const cards: XhsCard[] = [];
  const cover = drawCover(family, title, summary, total);
  cards.push({ name: '01-封面.png', png: await cover.encode('png') });
  for (const [index, page] of layout.pages.entries()) {
    const last = index === layout.pages.length - 1;
    const canvas = drawContent(family, title, page, index + 2, total, last ? (layout.truncated ? 'more' : 'end') : null);
    cards.push({ name: `${String(index + 2).padStart(2, '0')}.png`, png: await canvas.encode('png') });
  }
  return { cards, truncated: layout.truncated };
}

function newCard() {
  const canvas = createCanvas(CARD_WIDTH, CARD_HEIGHT);
  const ctx = canvas.getContext('2d');
  ctx.textBaseline = 'middle';
  return { canvas, ctx };
}

function roundRect(ctx: SKRSContext2D, x: number, y: number, w: number, h: number, r: number, color: string): void {
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
  ctx.fill();
}

/** One line, cut with '…' to fit. */
function oneLine(ctx: SKRSContext2D, text: string, maxWidth: number): string {
  if (ctx.measureText(text).width <= maxWidth) return text;
  const chars = Array.from(text);
  while (chars.length > 0 && ctx.measureText(`${chars.join('')}…`).width > maxWidth) chars.pop();
  return `${chars.join('')}…`;
}

function drawCover(family: string, title: string, summary: string, total: number) {
  const { canvas, ctx } = newCard();
  const background = ctx.createLinearGradient(0, 0, 0, CARD_HEIGHT);
  background.addColorStop(0, '#fff3f5');
  background.addColorStop(1, '#ffdfe6');
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, CARD_WIDTH, CARD_HEIGHT);
  for (const [x, y, r, alpha] of [
    [930, 150, 260, 0.14],
    [120, 1330, 220, 0.1],
  ] as const) {
    ctx.fillStyle = `rgba(255, 36, 66, ${alpha})`;
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.fill();
  }

  ctx.font = `bold 30px ${family}`;
  const label = '天马AI写作';
  const labelWidth = ctx.measureText(label).width + 56;
  roundRect(ctx, PAD, 120, labelWidth, 60, 30, COLORS.accent);
  ctx.fillStyle = '#ffffff';
  ctx.fillText(label, PAD + 28, 150);

  const maxWidth = CARD_WIDTH - 2 * PAD;
  const fitted = fitText(title, { maxWidth, maxLines: 6, maxSize: 112, minSize: 64, balance: true }, (text, size) => {
    ctx.font = `bold ${size}px ${family}`;
    return ctx.measureText(text).width;
  });
  const lineHeight = Math.round(fitted.fontSize * 1.32);
  const titleHeight = fitted.lines.length * lineHeight;
  // The summary takes the room left above the footer: up to four lines, or none.
  const top = 280;
  const bottom = CARD_HEIGHT - 190;
  const summaryRoom = Math.min(4, Math.floor((bottom - top - titleHeight - SUMMARY_GAP) / SUMMARY_LINE));
  ctx.font = `34px ${family}`;
  const wrapped = summary && summaryRoom > 0 ? wrapText(summary, maxWidth, (text) => ctx.measureText(text).width) : [];
  const summaryLines = wrapped.slice(0, summaryRoom);
  if (wrapped.length > summaryLines.length && summaryLines.length > 0) {
    summaryLines[summaryLines.length - 1] = oneLine(ctx, `${summaryLines.at(-1)}…`, maxWidth);
  }
  const blockHeight = titleHeight + (summaryLines.length > 0 ? SUMMARY_GAP + summaryLines.length * SUMMARY_LINE : 0);
  let y = Math.max(top, Math.round((top + bottom - blockHeight) / 2) - 40);

  ctx.font = `bold ${fitted.fontSize}px ${family}`;
  for (const [index, line] of fitted.lines.entries()) {
    const center = y + index * lineHeight + lineHeight / 2;
    if (index === fitted.lines.length - 1) {
      // A highlighter stroke under the last line.
      roundRect(ctx, PAD - 8, center + fitted.fontSize * 0.12, ctx.measureText(line).width + 16, fitted.fontSize * 0.36, 8, 'rgba(255, 36, 66, 0.22)');
    }
    ctx.fillStyle = COLORS.ink;
    ctx.fillText(line, PAD, center);
  }
  y += titleHeight + 48;

  if (summaryLines.length > 0) {
    roundRect(ctx, PAD, y, 72, 8, 4, COLORS.accent);
    y += SUMMARY_GAP - 48;
    ctx.font = `34px ${family}`;
    ctx.fillStyle = COLORS.muted;
    for (const [index, line] of summaryLines.entries()) ctx.fillText(line, PAD, y + index * SUMMARY_LINE + SUMMARY_LINE / 2);
  }

  ctx.font = `28px ${family}`;
  ctx.fillStyle = COLORS.muted;
  ctx.fillText(total > 1 ? `共 ${total} 页 · 左滑阅读全文 →` : '天马AI写作', PAD, CARD_HEIGHT - 110);
  return canvas;
}

function drawContent(family: string, title: string, page: CardPage, number: number, total: number, ending: 'end' | 'more' | null) {
  const { canvas, ctx } = newCard();
  ctx.fillStyle = COLORS.background;
  ctx.fillRect(0, 0, CARD_WIDTH, CARD_HEIGHT);
  ctx.fillStyle = COLORS.accent;
  ctx.fillRect(0, 0, CARD_WIDTH, 10);

  // Header: the title, small, and the page number.
  ctx.font = `28px ${family}`;
  const pageText = `${String(number).padStart(2, '0')} / ${String(total).padStart(2, '0')}`;
  const pageWidth = ctx.measureText(pageText).width;
  ctx.fillStyle = COLORS.muted;
  ctx.fillText(pageText, CARD_WIDTH - PAD - pageWidth, 120);
  roundRect(ctx, PAD, 110, 20, 20, 10, COLORS.accent);
  ctx.fillStyle = COLORS.muted;
  ctx.fillText(oneLine(ctx, title, CARD_WIDTH - 2 * PAD - pageWidth - 80), PAD + 36, 120);
  ctx.fillStyle = '#f1dfe2';
  ctx.fillRect(PAD, 172, CARD_WIDTH - 2 * PAD, 2);

  let y = BODY_TOP;
  for (const block of page.blocks) {
    y += block.before;
    y = drawBlock(ctx, family, block, y);
  }

  ctx.font = `26px ${family}`;
  ctx.fillStyle = COLORS.muted;
  ctx.fillText('天马AI写作', PAD, CARD_HEIGHT - 88);
  if (ending) {
    const text = ending === 'end' ? '— 完 —' : '— 更多内容请阅读原文 —';
    ctx.font = `bold 30px ${family}`;
    ctx.fillStyle = COLORS.accent;
    ctx.fillText(text, (CARD_WIDTH - ctx.measureText(text).width) / 2, CARD_HEIGHT - 88);
  }
  return canvas;
}

/** Draws one block from `top`; answers where it ends. */
function drawBlock(ctx: SKRSContext2D, family: string, block: PlacedBlock, top: number): number {
  const { metrics, lines } = block;
  const height = lines.length * metrics.lineHeight + metrics.padding;
  const nested = block.depth * 44;
  let x = PAD + nested + metrics.indent;
  let y = top + metrics.padding / 2;
  ctx.font = fontOf(family, metrics.font);

  switch (block.kind) {
    case 'heading':
      roundRect(ctx, PAD, top + 10, 10, height - 20, 5, COLORS.accent);
      ctx.fillStyle = COLORS.ink;
      break;
    case 'quote':
      roundRect(ctx, PAD, top, CARD_WIDTH - 2 * PAD, height, 16, COLORS.quote);
      roundRect(ctx, PAD, top, 8, height, 4, COLORS.accentSoft);
      ctx.fillStyle = '#6b4a50';
      break;
    case 'code':
      roundRect(ctx, PAD, top, CARD_WIDTH - 2 * PAD, height, 16, COLORS.code);
      ctx.fillStyle = '#3f3437';
      break;
    case 'item':
      if (block.marker) {
        ctx.fillStyle = COLORS.accent;
        ctx.fillText(block.marker, PAD + nested, y + metrics.lineHeight / 2);
      }
      ctx.fillStyle = COLORS.ink;
      break;
    default:
      ctx.fillStyle = COLORS.ink;
      x = PAD;
  }
  for (const line of lines) {
    ctx.fillText(line, x, y + metrics.lineHeight / 2);
    y += metrics.lineHeight;
  }
  return top + height;
}
