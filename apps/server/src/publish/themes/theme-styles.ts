import { DEFAULT_WECHAT_THEME, WECHAT_THEMES, type WechatThemeId } from '@tianma/shared';
import { css } from './css.js';

/**
 * Inline styles of the WeChat layout themes (decision 072). The editor keeps `style` attributes
 * only and does not always pass a parent's font down, so text elements repeat size and colour.
 * Every theme is one palette through the same builder, plus a few touches of its own.
 */

/** Every element kind a theme styles; the renderer asks for nothing else. */
export const STYLE_KEYS = [
  'root', 'h1', 'h2', 'h3', 'h4', 'p', 'blockquote', 'quoteP', 'listLine', 'listMarker', 'code', 'pre', 'preCode',
  'tableWrap', 'table', 'th', 'td', 'figure', 'img', 'caption', 'hr', 'strong', 'em', 'del', 'a',
  'footnoteRef', 'footnotes', 'footnotesTitle', 'footnoteItem', 'footnoteUrl',
] as const;
export type StyleKey = (typeof STYLE_KEYS)[number];
export type ThemeStyles = Record<StyleKey, string>;

interface Palette {
  font: string;
  text: string;
  heading: string;
  muted: string;
  /** Quote text: softer than the body, still easy to read on the tint. */
  quote: string;
  accent: string;
  /** A pale tint of the accent for quote and header backgrounds. */
  tint: string;
  border: string;
  codeBg: string;
  codeText: string;
  lineHeight: number;
  size: number;
}

const SANS = "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', sans-serif";
const SERIF = "'Songti SC', 'STSong', 'Noto Serif SC', 'Source Han Serif SC', serif";
const MONO = "Menlo, Consolas, 'Courier New', monospace";

function build(p: Palette): ThemeStyles {
  const text = `font-size: ${p.size}px; line-height: ${p.lineHeight}; color: ${p.text}; letter-spacing: 0.5px;`;
  const heading = (size: number) => `margin: 1.8em 0 0.9em; font-size: ${size}px; line-height: 1.5; font-weight: bold; color: ${p.heading}; letter-spacing: 0.5px;`;
  return {
    root: `${text} font-family: ${p.font}; padding: 0 4px; word-break: break-word; overflow-wrap: break-word; text-align: left;`,
    h1: css(heading(22), 'text-align: center;'),
    h2: css(heading(19), `padding-left: 10px; border-left: 4px solid ${p.accent};`),
    h3: css(heading(17), `color: ${p.accent};`),
    h4: css(heading(16), `color: ${p.heading};`),
    p: `margin: 0 0 1.2em; ${text} text-align: justify;`,
    blockquote: `margin: 0 0 1.2em; padding: 12px 16px; border-left: 3px solid ${p.accent}; background-color: ${p.tint}; border-radius: 4px;`,
    quoteP: `margin: 0.3em 0; font-size: ${p.size - 1}px; line-height: ${p.lineHeight}; color: ${p.quote}; letter-spacing: 0.5px;`,
    listLine: `margin: 0.4em 0; ${text}`,
    listMarker: `color: ${p.accent}; font-weight: bold; margin-right: 6px;`,
    code: `font-family: ${MONO}; font-size: 14px; padding: 2px 5px; margin: 0 2px; border-radius: 3px; background-color: ${p.tint}; color: ${p.accent};`,
    pre: `margin: 0 0 1.2em; padding: 14px 16px; background-color: ${p.codeBg}; border-radius: 6px; overflow-x: auto; text-align: left;`,
    preCode: `display: block; font-family: ${MONO}; font-size: 13px; line-height: 1.7; color: ${p.codeText}; white-space: pre-wrap; word-break: break-all; letter-spacing: 0;`,
    tableWrap: 'margin: 0 0 1.2em; overflow-x: auto;',
    table: `width: 100%; border-collapse: collapse; font-size: 14px; line-height: 1.6; color: ${p.text};`,
    th: `padding: 8px 10px; border: 1px solid ${p.border}; font-weight: bold; text-align: left; background-color: ${p.tint}; color: ${p.heading};`,
    td: `padding: 8px 10px; border: 1px solid ${p.border}; text-align: left;`,
    figure: 'margin: 1.5em 0; text-align: center;',
    img: 'display: block; width: 100%; height: auto; margin: 0 auto; border-radius: 4px;',
    caption: `margin: 8px 0 0; font-size: 13px; line-height: 1.6; color: ${p.muted}; text-align: center; letter-spacing: 0.5px;`,
    hr: `margin: 2em 0; border: 0; border-top: 1px solid ${p.border}; height: 0;`,
    strong: `font-weight: bold; color: ${p.heading};`,
    em: 'font-style: italic;',
    del: `text-decoration: line-through; color: ${p.muted};`,
    a: `color: ${p.accent}; text-decoration: none; border-bottom: 1px solid ${p.accent};`,
    footnoteRef: `font-size: 12px; line-height: 1; color: ${p.accent}; vertical-align: super;`,
    footnotes: `margin: 2.5em 0 0; padding-top: 12px; border-top: 1px solid ${p.border};`,
    footnotesTitle: `margin: 0 0 0.6em; font-size: 15px; line-height: 1.6; font-weight: bold; color: ${p.heading};`,
    footnoteItem: `margin: 0.3em 0; font-size: 13px; line-height: 1.6; color: ${p.muted};`,
    footnoteUrl: 'word-break: break-all;',
  };
}

function theme(palette: Palette, touches: Partial<ThemeStyles> = {}): ThemeStyles {
  const base = build(palette);
  return Object.fromEntries(STYLE_KEYS.map((key) => [key, css(base[key], touches[key] ?? '')])) as ThemeStyles;
}

const THEMES: Record<WechatThemeId, ThemeStyles> = {
  // Black on white, a quiet green accent, thin rules: the default.
  clean: theme(
    { font: SANS, text: '#333333', heading: '#1a1a1a', muted: '#888888', quote: '#555555', accent: '#10a37f', tint: '#f5f7f6', border: '#e5e7eb', codeBg: '#f6f8fa', codeText: '#24292e', lineHeight: 1.8, size: 16 },
    { h2: 'padding: 0 0 6px; border-left: 0; border-bottom: 1px solid #e5e7eb;' },
  ),
  // Navy headings on light blue bands, a navy table header: reports and company news.
  business: theme(
    { font: SANS, text: '#2b2f36', heading: '#1e3a5f', muted: '#6b7785', quote: '#4a5563', accent: '#1e5aa8', tint: '#eef3fa', border: '#d5dde8', codeBg: '#f3f6fa', codeText: '#1e3a5f', lineHeight: 1.75, size: 15 },
    {
      h2: 'padding: 6px 12px; background-color: #eef3fa; border-left: 4px solid #1e3a5f;',
      th: 'background-color: #1e3a5f; color: #ffffff; border: 1px solid #1e3a5f;',
      listMarker: 'color: #1e3a5f;',
    },
  ),
  // Serif type, wide spacing, centred headings, soft brown: essays and stories.
  literary: theme(
    { font: SERIF, text: '#3d3a35', heading: '#2f2a24', muted: '#8c8478', quote: '#6b6258', accent: '#9b7b5c', tint: '#f8f5f0', border: '#e6ded2', codeBg: '#f8f5f0', codeText: '#4a4238', lineHeight: 2, size: 16 },
    {
      root: 'letter-spacing: 1px;',
      p: 'letter-spacing: 1px;',
      h2: 'text-align: center; padding: 0 0 8px; border-left: 0; border-bottom: 1px solid #d9ccb9; font-weight: normal; letter-spacing: 2px;',
      h3: 'text-align: center; font-weight: normal; letter-spacing: 1px;',
      // NOTE: no italic: slanted Chinese is a synthetic oblique and reads badly.
      blockquote: 'border-left: 2px solid #d9ccb9; background-color: transparent; padding: 4px 16px;',
      quoteP: 'letter-spacing: 1px;',
      hr: 'width: 30%; margin: 2.4em auto; border-top: 1px solid #c8b8a2;',
    },
  ),
  // Blue accent, dark code blocks, monospace hints: tutorials and product notes.
  tech: theme(
    { font: SANS, text: '#2d3748', heading: '#1a202c', muted: '#718096', quote: '#4a5568', accent: '#1677ff', tint: '#eef5ff', border: '#e2e8f0', codeBg: '#1e2433', codeText: '#d6deeb', lineHeight: 1.75, size: 15 },
    {
      h2: 'padding: 0 0 0 10px; border-left: 4px solid #1677ff;',
      h3: `font-family: ${MONO}; color: #1677ff;`,
      code: 'background-color: #eef5ff; color: #d63384;',
      blockquote: 'border-left: 4px solid #1677ff;',
    },
  ),
  // Orange accent on cream, rounded quote boxes: lifestyle and food.
  warm: theme(
    { font: SANS, text: '#44403c', heading: '#7c2d12', muted: '#9c948d', quote: '#78716c', accent: '#ea7a35', tint: '#fff5eb', border: '#fde2c8', codeBg: '#fff8f1', codeText: '#7c2d12', lineHeight: 1.85, size: 16 },
    {
      h2: 'padding: 4px 12px; border-left: 0; border-bottom: 2px solid #ea7a35; text-align: center;',
      blockquote: 'border-left: 0; border: 1px dashed #f5b98a; border-radius: 10px;',
      img: 'border-radius: 10px;',
    },
  ),
  // Near-black heading bands with white text and an amber accent: opinion and headlines.
  'dark-accent': theme(
    { font: SANS, text: '#2a2a2a', heading: '#111111', muted: '#777777', quote: '#444444', accent: '#d4a017', tint: '#f6f4ee', border: '#e0ddd5', codeBg: '#1f1f1f', codeText: '#f2e6c4', lineHeight: 1.8, size: 16 },
    {
      h2: 'padding: 8px 14px; border-left: 6px solid #d4a017; background-color: #1f1f1f; color: #ffffff;',
      h3: 'color: #111111; padding-bottom: 4px; border-bottom: 2px solid #d4a017;',
      strong: 'color: #111111; border-bottom: 2px solid #f0d27a;',
      th: 'background-color: #1f1f1f; color: #f2e6c4; border: 1px solid #1f1f1f;',
    },
  ),
};

export function themeStyles(id: WechatThemeId = DEFAULT_WECHAT_THEME): ThemeStyles {
  return THEMES[id];
}

export { WECHAT_THEMES };
