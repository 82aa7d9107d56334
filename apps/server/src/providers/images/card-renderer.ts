/**
 * The built-in image adapter: cover and section cards drawn with @napi-rs/canvas in a CJK font.
 * Needs no network and no key, so it is the default and the fallback of every other adapter.
 * The palette and decoration follow from a hash of the title: the same request gives the same bytes.
 */
import { existsSync } from 'node:fs';
import type { Canvas, SKRSContext2D } from '@napi-rs/canvas';
import { cjkFontFamily, findCjkFont, missingCjkFontMessage } from '../../platform/cjk-font.js';
import { lazyRequire } from '../../platform/lazy-require.js';
import { type GeneratedImage, IMAGE_SIZES, type ImagePort, type ImageRequest } from './image-port.js';
import { altText, type FittedText, fitText, normalizeCardText } from './text-layout.js';

export interface CardRendererOptions {
  /** A .ttf/.otf/.ttc font with Chinese glyphs; by default Noto Sans SC (platform/cjk-font.ts). */
  fontPath?: string;
  /**
   * Compress the PNG on this thread (card-worker.ts) rather than on libuv's pool. The compression
   * is most of a card's cost; in a worker, this keeps it within the worker's thread. A card is then
   * drawn and encoded in one go, so the canvases are kept and reused.
   */
  encodeOnThisThread?: boolean;
}

interface Palette {
  from: string;
  to: string;
  glow: [string, string];
  accent: string;
  ink: string;
  muted: string;
  dark: boolean;
}

const PALETTES: Record<ImageRequest['platform'], Palette[]> = {
  wechat: [
    { from: '#06372b', to: '#0d7a5f', glow: ['#34d399', '#07c160'], accent: '#6ee7b7', ink: '#ffffff', muted: '#d1fae5', dark: true },
    { from: '#f0fdf6', to: '#d3f5e3', glow: ['#86efac', '#a7f3d0'], accent: '#07c160', ink: '#053b2c', muted: '#3c6657', dark: false },
    { from: '#062a2a', to: '#115e59', glow: ['#2dd4bf', '#22c55e'], accent: '#fcd34d', ink: '#f0fdfa', muted: '#ccfbf1', dark: true },
  ],
  zhihu: [
    { from: '#0a1a40', to: '#1d4ed8', glow: ['#60a5fa', '#22d3ee'], accent: '#93c5fd', ink: '#ffffff', muted: '#dbeafe', dark: true },
    { from: '#f3f8ff', to: '#d9e8ff', glow: ['#93c5fd', '#c4b5fd'], accent: '#1772f6', ink: '#0f1c3a', muted: '#44546f', dark: false },
    { from: '#0f172a', to: '#1e3a8a', glow: ['#3b82f6', '#a78bfa'], accent: '#7dd3fc', ink: '#f8fafc', muted: '#cbd5e1', dark: true },
  ],
  xiaohongshu: [
    { from: '#fff5f6', to: '#ffe1e6', glow: ['#fda4af', '#fbcfe8'], accent: '#ff2442', ink: '#22181a', muted: '#6b4a50', dark: false },
    { from: '#ff2442', to: '#ff7a59', glow: ['#ffc2d1', '#ffe082'], accent: '#ffe082', ink: '#ffffff', muted: '#fff1f2', dark: true },
    { from: '#fff8ef', to: '#fde4f1', glow: ['#fdba74', '#f9a8d4'], accent: '#f43f5e', ink: '#2a2220', muted: '#6d5750', dark: false },
  ],
};

/** Loaded where cards are drawn (the card worker thread, or a worker process with IMAGE_WORKERS=0). */
const canvasLib = lazyRequire<typeof import('@napi-rs/canvas')>('@napi-rs/canvas');

const registered = new Map<string, string>();

/** Registers a font file once per thread and answers its family alias. */
function registerFont(file: string, alias: string): string {
  const known = registered.get(file);
  if (known) return known;
  if (!canvasLib().GlobalFonts.registerFromPath(file, alias)) throw new Error(`Image cards: cannot load the font ${file}`);
  registered.set(file, alias);
  return alias;
}

/**
 * The font files the cards would use: `fontPath`, or the CJK font of platform/cjk-font.ts (the
 * npm package's Noto Sans SC, else a system Noto Sans CJK). Throws, with what to do, when there
 * is none; registers nothing.
 */
export function findCardFonts(fontPath: string | undefined): string[] {
  if (fontPath) {
    if (!existsSync(fontPath)) throw new Error(`Image cards: the font ${fontPath} does not exist`);
    return [fontPath];
  }
  const font = findCjkFont();
  if (!font) throw new Error(`Image cards: ${missingCjkFontMessage()}; or set fontPath`);
  return font.bold === font.regular ? [font.regular] : [font.regular, font.bold];
}

/** The CSS font-family list for the cards; throws when no CJK font can be found or loaded. */
function loadFontFamily(fontPath: string | undefined): string {
  const files = findCardFonts(fontPath);
  if (fontPath) return `"${registerFont(fontPath, `Tianma Card ${registered.size + 1}`)}"`;
  const family = cjkFontFamily();
  if (!family) throw new Error(`Image cards: cannot load the font ${files.join(', ')}`);
  return family;
}

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** mulberry32: a tiny seeded generator, so decoration varies by title but never between runs. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function rgba(hex: string, alpha: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

export class CardImageRenderer implements ImagePort {
  readonly name = 'cards';
  private readonly family: string;
  private readonly encodeOnThisThread: boolean;
  /** Canvases by size, kept when encodeOnThisThread (see canvas()). */
  private readonly canvases = new Map<string, Canvas>();

  constructor(options: CardRendererOptions = {}) {
    this.family = loadFontFamily(options.fontPath);
    this.encodeOnThisThread = options.encodeOnThisThread ?? false;
  }

  async generate(request: ImageRequest): Promise<GeneratedImage> {
    request.signal?.throwIfAborted();
    const { width, height } = IMAGE_SIZES[request.platform][request.kind];
    const title = normalizeCardText(request.title) || '天马';
    const subtitle = normalizeCardText(request.subtitle ?? '');
    const seed = hash(request.title);
    const palettes = PALETTES[request.platform];
    const palette = palettes[seed % palettes.length] ?? palettes[0]!;

    const canvas = this.canvas(width, height);
    const ctx = canvas.getContext('2d');
    paintBackground(ctx, width, height, palette, seeded(seed), (w, h) => this.canvas(w, h));
    if (request.kind === 'cover') this.drawCover(ctx, width, height, palette, title, subtitle);
    else this.drawSection(ctx, width, height, palette, title, subtitle);

    const bytes = this.encodeOnThisThread ? canvas.encodeSync('png') : await canvas.encode('png');
    return { bytes, contentType: 'image/png', width, height, alt: altText(request.title, request.subtitle) };
  }

  /**
   * A blank canvas of this size. NOTE: a canvas's pixels are native memory that V8 does not see;
   * in a worker, which allocates little else, the garbage collector seldom ran and 200 cards held
   * ~600 MB. Drawing and encoding on this thread, a card is done with its canvases before the next
   * starts, so they are reused instead (the async encode may still read them: fresh ones there).
   */
  private canvas(width: number, height: number): Canvas {
    const { createCanvas } = canvasLib();
    if (!this.encodeOnThisThread) return createCanvas(width, height);
    const key = `${width}x${height}`;
    const kept = this.canvases.get(key);
    if (!kept) {
      const canvas = createCanvas(width, height);
      this.canvases.set(key, canvas);
      return canvas;
    }
    kept.getContext('2d').reset();
    return kept;
  }

  private fit(ctx: SKRSContext2D, text: string, weight: number, maxWidth: number, maxLines: number, maxSize: number, minSize: number): FittedText {
    const measure = (t: string, size: number) => {
      ctx.font = `${weight} ${size}px ${this.family}`;
      return ctx.measureText(t).width;
    };
    return fitText(text, { maxWidth, maxLines, maxSize, minSize, balance: true }, measure);
  }

  private drawCover(ctx: SKRSContext2D, w: number, h: number, p: Palette, title: string, subtitle: string): void {
    const tall = h > w;
    const pad = Math.round(Math.min(w, h) * (tall ? 0.1 : 0.12));
    const maxSize = tall ? w * 0.105 : h * (w / h > 2 ? 0.15 : 0.125);
    // My articles shows every cover in a 16:9 frame that it fills, cropped: a wide cover (2.35:1)
    // from its left edge, a tall one (3:4) about its middle. The title stays inside that crop, so
    // the frame shows it whole (coverSafeArea).
    const safe = coverSafeArea(w, h);
    const textWidth = Math.min(w - pad * 2 - (tall ? 0 : w * 0.08), safe.width - pad * 2);
    const head = this.fit(ctx, title, 700, textWidth, tall ? 3 : w / h > 2 ? 2 : 3, maxSize, maxSize * 0.5);
    let sub = subtitle ? this.fit(ctx, subtitle, 400, textWidth, tall ? 1 : 2, maxSize * 0.36, maxSize * 0.26) : null;
    if (sub && head.fontSize * 0.45 + headHeight(head) + head.fontSize * 0.55 + headHeight(sub) > safe.height) sub = null;
    const bar = head.fontSize * 0.45;
    const block = bar + headHeight(head) + (sub ? head.fontSize * 0.55 + headHeight(sub) : 0);
    const brand = Math.min(w, h) * 0.045;
    let y = pad + brand + (h - pad * 2 - brand * 2 - block) / 2;

    ctx.fillStyle = p.accent;
    ctx.beginPath();
    ctx.roundRect(pad, y, head.fontSize * 1.1, head.fontSize * 0.12, head.fontSize * 0.06);
    ctx.fill();
    y += bar;
    y = this.drawLines(ctx, head, 700, pad, y, p.ink, tall ? p.accent : null);
    if (sub) this.drawLines(ctx, sub, 400, pad, y + head.fontSize * 0.55, p.muted, null);
    this.drawBrand(ctx, pad, h - pad * 0.75, brand, p);
  }

  private drawSection(ctx: SKRSContext2D, w: number, h: number, p: Palette, title: string, subtitle: string): void {
    const short = Math.min(w, h);
    const inset = Math.round(short * 0.07);
    const pad = Math.round(short * 0.09);
    ctx.fillStyle = p.dark ? 'rgba(255, 255, 255, 0.09)' : 'rgba(255, 255, 255, 0.74)';
    ctx.strokeStyle = p.dark ? 'rgba(255, 255, 255, 0.22)' : 'rgba(255, 255, 255, 0.95)';
    ctx.lineWidth = Math.max(2, short * 0.004);
    ctx.beginPath();
    ctx.roundRect(inset, inset, w - inset * 2, h - inset * 2, short * 0.045);
    ctx.fill();
    ctx.stroke();

    const tall = h > w;
    const x = inset + pad + short * 0.035;
    const textWidth = w - x - inset - pad;
    const maxSize = tall ? w * 0.088 : h * 0.11;
    const head = this.fit(ctx, title, 700, textWidth, tall ? 5 : 3, maxSize, maxSize * 0.5);
    const sub = subtitle ? this.fit(ctx, subtitle, 400, textWidth, tall ? 4 : 2, maxSize * 0.42, maxSize * 0.3) : null;
    const gap = head.fontSize * 0.7;
    const block = headHeight(head) + (sub ? gap + headHeight(sub) : 0);
    const brand = short * 0.04;
    const top = inset + (h - inset * 2 - block - brand) / 2;

    ctx.fillStyle = p.accent;
    ctx.beginPath();
    ctx.roundRect(inset + pad, top + head.fontSize * 0.12, short * 0.012, headHeight(head) - head.fontSize * 0.24, short * 0.006);
    ctx.fill();
    const end = this.drawLines(ctx, head, 700, x, top, p.ink, null);
    if (sub) {
      ctx.fillStyle = rgba(p.accent, 0.6);
      ctx.fillRect(x, end + gap / 2 - 1, Math.min(textWidth, head.fontSize * 2), 2);
      this.drawLines(ctx, sub, 400, x, end + gap, p.muted, null);
    }
    this.drawBrand(ctx, inset + pad, h - inset - pad * 0.6, brand, p);
  }

  /** Draws the lines top-down from y and answers the y below the last one. */
  private drawLines(ctx: SKRSContext2D, text: FittedText, weight: number, x: number, y: number, color: string, marker: string | null): number {
    const lineHeight = text.fontSize * LINE_HEIGHT;
    ctx.font = `${weight} ${text.fontSize}px ${this.family}`;
    ctx.textBaseline = 'middle';
    ctx.textAlign = 'left';
    for (const line of text.lines) {
      const middle = y + lineHeight / 2;
      if (marker) {
        // Xiaohongshu's highlighter look: a translucent stripe under the lower half of the line.
        ctx.fillStyle = rgba(marker, 0.28);
        ctx.fillRect(x - text.fontSize * 0.08, middle, ctx.measureText(line).width + text.fontSize * 0.16, text.fontSize * 0.42);
      }
      ctx.fillStyle = color;
      ctx.fillText(line, x, middle);
      y += lineHeight;
    }
    return y;
  }

  private drawBrand(ctx: SKRSContext2D, x: number, y: number, size: number, p: Palette): void {
    const dot = size * 0.32;
    ctx.fillStyle = p.accent;
    ctx.beginPath();
    ctx.arc(x + dot, y, dot, 0, Math.PI * 2);
    ctx.fill();
    ctx.font = `700 ${size}px ${this.family}`;
    ctx.textBaseline = 'middle';
    ctx.textAlign = 'left';
    ctx.fillStyle = rgba(p.dark ? '#ffffff' : p.ink, 0.82);
    ctx.fillText('天马', x + dot * 2 + size * 0.3, y);
  }
}

/** The frame my articles shows a cover in (ArticleCard): 16:9, filled. */
export const COVER_FRAME_ASPECT = 16 / 9;

/**
 * The part of a w×h cover that a 16:9 frame filled with it shows: for a wider cover the left
 * h·16/9 (the frame crops from the left edge, where the title starts), for a taller one the middle
 * w·9/16 band (the title block is centred vertically).
 */
export function coverSafeArea(w: number, h: number): { width: number; height: number } {
  return w / h > COVER_FRAME_ASPECT ? { width: h * COVER_FRAME_ASPECT, height: h } : { width: w, height: w / COVER_FRAME_ASPECT };
}

const LINE_HEIGHT = 1.3;
const headHeight = (text: FittedText) => text.lines.length * text.fontSize * LINE_HEIGHT;

function paintBackground(ctx: SKRSContext2D, w: number, h: number, p: Palette, rand: () => number, canvas: (w: number, h: number) => Canvas): void {
  // NOTE: the gradients are painted at 1/8 size and scaled up: full-size gradients are dithered
  // by Skia, and that noise made every PNG several times larger and slower to encode.
  const sw = Math.ceil(w / 8);
  const sh = Math.ceil(h / 8);
  const small = canvas(sw, sh);
  const sctx = small.getContext('2d');
  const base = sctx.createLinearGradient(0, 0, sw, sh);
  base.addColorStop(0, p.from);
  base.addColorStop(1, p.to);
  sctx.fillStyle = base;
  sctx.fillRect(0, 0, sw, sh);
  const spots: Array<[number, number, string]> = [
    [sw * (0.78 + rand() * 0.2), sh * rand() * 0.35, p.glow[0]],
    [sw * rand() * 0.3, sh * (0.75 + rand() * 0.25), p.glow[1]],
  ];
  for (const [x, y, color] of spots) {
    const radius = Math.max(sw, sh) * (0.38 + rand() * 0.2);
    const glow = sctx.createRadialGradient(x, y, 0, x, y, radius);
    glow.addColorStop(0, rgba(color, p.dark ? 0.5 : 0.65));
    glow.addColorStop(1, rgba(color, 0));
    sctx.fillStyle = glow;
    sctx.fillRect(0, 0, sw, sh);
  }
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'low';
  ctx.drawImage(small, 0, 0, w, h);

  const short = Math.min(w, h);
  ctx.strokeStyle = rgba(p.accent, p.dark ? 0.28 : 0.22);
  ctx.lineWidth = short * 0.012;
  ctx.beginPath();
  ctx.arc(w - short * (0.05 + rand() * 0.1), short * (0.1 + rand() * 0.1), short * (0.28 + rand() * 0.12), 0, Math.PI * 2);
  ctx.stroke();

  const step = short * 0.035;
  ctx.fillStyle = rgba(p.dark ? '#ffffff' : p.ink, 0.16);
  for (let row = 0; row < 4; row++) {
    for (let col = 0; col < 7; col++) {
      ctx.beginPath();
      ctx.arc(w - short * 0.08 - col * step, h - short * 0.08 - row * step, short * 0.005, 0, Math.PI * 2);
      ctx.fill();
    }
  }
}
