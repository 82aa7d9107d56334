import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import { cjkFontFamily, FONT_PACKAGE, findCjkFont, fontPackageDir, missingCjkFontMessage } from '../../src/platform/cjk-font.js';

const scratch = mkdtempSync(path.join(tmpdir(), 'tianma-fonts-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A directory laid out like fonts-noto-cjk's, with empty files of those names. */
function systemDir(name: string, files: string[]): string {
  const dir = path.join(scratch, name);
  mkdirSync(dir, { recursive: true });
  for (const file of files) writeFileSync(path.join(dir, file), '');
  return dir;
}

describe('CJK font lookup', () => {
  it('finds the npm package’s Noto Sans SC, regular and bold, with no system font directory', () => {
    const font = findCjkFont({ systemDirs: [] });
    expect(font?.source).toBe('package');
    expect(font?.regular).toContain(path.join('node_modules', FONT_PACKAGE, '400Regular', 'NotoSansSC_400Regular.ttf'));
    expect(font?.bold).toContain(path.join('node_modules', FONT_PACKAGE, '700Bold', 'NotoSansSC_700Bold.ttf'));
  });

  it('prefers the package to a system Noto Sans CJK, so cards are the same bytes on every machine', () => {
    const system = systemDir('both', ['NotoSansCJK-Regular.ttc', 'NotoSansCJK-Bold.ttc']);
    expect(findCjkFont({ systemDirs: [system] })?.source).toBe('package');
  });

  it('falls back to the first system directory that has Noto Sans CJK when the package is missing', () => {
    const empty = systemDir('empty', []);
    const both = systemDir('system', ['NotoSansCJK-Regular.ttc', 'NotoSansCJK-Bold.ttc']);
    expect(findCjkFont({ packageDir: null, systemDirs: [empty, both] })).toEqual({
      regular: path.join(both, 'NotoSansCJK-Regular.ttc'),
      bold: path.join(both, 'NotoSansCJK-Bold.ttc'),
      source: 'system',
    });
    const regularOnly = systemDir('regular-only', ['NotoSansCJK-Regular.ttc']);
    const file = path.join(regularOnly, 'NotoSansCJK-Regular.ttc');
    expect(findCjkFont({ packageDir: null, systemDirs: [regularOnly] })).toEqual({ regular: file, bold: file, source: 'system' });
    // A package directory without the font files counts as missing.
    expect(findCjkFont({ packageDir: scratch, systemDirs: [regularOnly] })?.source).toBe('system');
  });

  it('answers null when there is neither, and the message says what to do', () => {
    expect(findCjkFont({ packageDir: null, systemDirs: [systemDir('none', [])] })).toBeNull();
    expect(missingCjkFontMessage(['/x/fonts'])).toMatch(new RegExp(`${FONT_PACKAGE}.*npm install.*/x/fonts`));
  });
});

/** The code points that a TrueType/OpenType font maps to a glyph (its Unicode format 12 cmap). */
function mappedCodePoints(file: string): Set<number> {
  const font = readFileSync(file);
  const tables = font.readUInt16BE(4);
  let cmap = -1;
  for (let i = 0; i < tables; i++) {
    const record = 12 + i * 16;
    if (font.toString('latin1', record, record + 4) === 'cmap') cmap = font.readUInt32BE(record + 8);
  }
  expect(cmap).toBeGreaterThan(0);
  const subtables = font.readUInt16BE(cmap + 2);
  for (let i = 0; i < subtables; i++) {
    const record = cmap + 4 + i * 8;
    const [platform, encoding] = [font.readUInt16BE(record), font.readUInt16BE(record + 2)];
    const at = cmap + font.readUInt32BE(record + 4);
    if (platform !== 3 || encoding !== 10 || font.readUInt16BE(at) !== 12) continue;
    const mapped = new Set<number>();
    const groups = font.readUInt32BE(at + 12);
    for (let g = 0; g < groups; g++) {
      const group = at + 16 + g * 12;
      const [first, last, glyph] = [font.readUInt32BE(group), font.readUInt32BE(group + 4), font.readUInt32BE(group + 8)];
      for (let c = first; c <= last; c++) if (glyph + (c - first) !== 0) mapped.add(c);
    }
    return mapped;
  }
  throw new Error(`${file}: no Unicode full-repertoire (3, 10, format 12) cmap`);
}

/** The 6,763 hanzi of GB 2312 (levels 1 and 2), the characters of ordinary Simplified Chinese text. */
function gb2312Hanzi(): string[] {
  const bytes: number[] = [];
  for (let row = 0xb0; row <= 0xf7; row++) {
    for (let cell = 0xa1; cell <= 0xfe; cell++) if (!(row === 0xd7 && cell >= 0xfa)) bytes.push(row, cell);
  }
  return [...new TextDecoder('gb2312').decode(new Uint8Array(bytes))];
}

const PUNCTUATION = '，。、；：？！“”‘’（）《》【】〈〉「」『』—…·～￥％＋－×÷＝';
const ASCII = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
const SENTENCE = '当所有人都在谈论人工智能会不会取代写作者的时候，我们真正应该关心的是：写作这件事本身正在发生什么变化？从选题到发布，天马陪你完成每一篇文章。';

describe('the packaged CJK font', () => {
  const font = findCjkFont({ systemDirs: [] });

  it('maps every GB 2312 hanzi, Chinese punctuation and ASCII to a glyph, in both weights', () => {
    const hanzi = gb2312Hanzi();
    expect(hanzi).toHaveLength(6763);
    expect(hanzi.every((ch) => /\p{Script=Han}/u.test(ch))).toBe(true);
    for (const file of [font?.regular, font?.bold]) {
      const mapped = mappedCodePoints(String(file));
      const missing = [...hanzi, ...PUNCTUATION, ...ASCII].filter((ch) => !mapped.has(ch.codePointAt(0) ?? 0));
      expect(missing, String(file)).toEqual([]);
    }
  });

  it('draws a common Chinese sentence without tofu, regular and bold, through the family the cards use', () => {
    const family = cjkFontFamily();
    expect(family).toBe('"Tianma CJK"');
    const size = 64;
    const ctx = createCanvas(size, size).getContext('2d');
    const draw = (ch: string, weight: number) => {
      ctx.reset();
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, size, size);
      ctx.fillStyle = '#000000';
      ctx.font = `${weight} 48px ${family}`;
      ctx.textBaseline = 'middle';
      ctx.fillText(ch, 8, size / 2);
      return Buffer.from(ctx.getImageData(0, 0, size, size).data);
    };
    const inked = (pixels: Buffer) => pixels.some((value, i) => i % 4 === 0 && value < 128);
    for (const weight of [400, 700]) {
      // NOTE: a missing glyph is drawn as the font's .notdef box, one em wide like any hanzi, so
      // widths cannot tell it apart: compare pixels with what a code point no font has gives.
      const tofu = draw('\u{10fffd}', weight);
      expect(inked(tofu)).toBe(true);
      // The check itself sees tofu: 𠀀 (CJK Extension B) is not in Noto Sans SC.
      if (!findCjkFont({ packageDir: null })) expect(draw('𠀀', weight).equals(tofu)).toBe(true);
      const boxes = [...new Set(SENTENCE)].filter((ch) => draw(ch, weight).equals(tofu) || !inked(draw(ch, weight)));
      expect(boxes, `weight ${weight}`).toEqual([]);
    }
    // Bold is a font of its own, not the regular one: its strokes are heavier.
    expect(draw('写', 700).equals(draw('写', 400))).toBe(false);
  });

  it('is the package the lookup resolves', () => {
    expect(fontPackageDir()).toContain(path.join('node_modules', FONT_PACKAGE));
  });
});
