import type { WechatPreflightFinding } from '@tianma/shared';

/*
 * What the WeChat editor does to raw HTML and to colours in dark mode (WECHATMP.md), as findings of
 * the preflight report. Pure: text in, findings out.
 */

type Finding = WechatPreflightFinding;

const snippet = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
};

interface HtmlRule {
  kind: string;
  pattern: RegExp;
  message: string;
}

/** Each a thing WeChat strips or breaks; `pattern` is global so that it counts occurrences. */
const HTML_RULES: HtmlRule[] = [
  { kind: 'html-style-block', pattern: /<style\b/gi, message: '样式表（<style>）：公众号会删除整个 <style>，只认元素自己的 style 属性' },
  { kind: 'html-class-id', pattern: /\s(?:class|id)\s*=/gi, message: 'class / id 属性：公众号会删除，依赖它们的样式和页内跳转都会失效' },
  { kind: 'html-position', pattern: /position\s*:\s*(?:absolute|fixed)/gi, message: '绝对或固定定位（position: absolute / fixed）：公众号会删除或错位显示' },
  { kind: 'html-interactive', pattern: /<(?:button|form|input|select|textarea|script|iframe|object|embed)\b/gi, message: '按钮、表单、脚本或内嵌框架（<button>、<form>、<script>、<iframe> 等）：公众号会整个删除' },
  { kind: 'html-background-image', pattern: /background(?:-image)?\s*:[^;"'>]*url\s*\(/gi, message: '背景图片（background: url(…)）：公众号会删除，外链图片也不会显示' },
  { kind: 'html-gradient', pattern: /(?:linear|radial|conic|repeating-linear|repeating-radial)-gradient\s*\(/gi, message: '渐变色（gradient）：公众号可能不显示，深色模式下会变色' },
];

/** Findings for the raw HTML pieces of the Markdown (which our renderer shows as text, escaped). */
export function rawHtmlFindings(pieces: string[]): Finding[] {
  const meaningful = pieces.filter((piece) => piece.trim() !== '');
  if (meaningful.length === 0) return [];
  const findings: Finding[] = [
    {
      kind: 'raw-html',
      level: 'warn',
      count: meaningful.length,
      message: `Markdown 中有 ${meaningful.length} 处原始 HTML。为安全起见，原始 HTML 不会按网页效果显示，而会作为文字原样出现在公众号正文里`,
      fix: '请删除这些 HTML，改用 Markdown 写法（标题、加粗、引用、列表、表格、图片），排版主题会给它们加上公众号能保留的样式',
      examples: meaningful.slice(0, 3).map(snippet),
    },
  ];
  const all = meaningful.join('\n');
  for (const rule of HTML_RULES) {
    const matches = all.match(rule.pattern);
    if (!matches) continue;
    findings.push({
      kind: rule.kind,
      level: 'warn',
      count: matches.length,
      message: `原始 HTML 中有 ${matches.length} 处${rule.message}`,
      fix: '这段 HTML 会作为文字显示，不会生效；请删除它，效果交给排版主题',
      examples: [...new Set(matches.map(snippet))].slice(0, 3),
    });
  }
  return findings;
}

const ELEMENT_NAMES: Record<string, string> = {
  h1: '一级标题',
  h2: '二级标题',
  h3: '三级标题',
  h4: '四级标题',
  pre: '代码块',
  code: '行内代码',
  th: '表头',
  td: '表格',
  blockquote: '引用',
  strong: '加粗文字',
  p: '段落',
  section: '段落块',
  span: '文字',
  sup: '脚注编号',
};

/** Relative luminance of a #rgb / #rrggbb colour (0 black … 1 white), or null. */
export function luminance(hex: string): number | null {
  let value = hex.replace('#', '').toLowerCase();
  if (value.length === 3) value = [...value].map((c) => c + c).join('');
  if (!/^[0-9a-f]{6}$/.test(value)) return null;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = Number.parseInt(value.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The value a style attribute ends with for a property (the theme's touches come last and win). */
function lastValue(style: string, property: string): string | null {
  const matches = [...style.matchAll(new RegExp(`(?:^|[;\\s])${property}\\s*:\\s*(#[0-9a-fA-F]{3,6})\\b`, 'g'))];
  return matches.at(-1)?.[1] ?? null;
}

/**
 * Colours WeChat's dark mode recolours in a way that can hurt: dark backgrounds (it lightens or
 * inverts them, so their light text can lose contrast) in the rendered article, and any colour
 * written in raw HTML.
 */
export function darkModeFinding(html: string, themeName: string, rawHtml: string[]): Finding | null {
  const risky = new Map<string, string>();
  for (const match of html.matchAll(/<([a-z0-9]+) style="([^"]*)"/g)) {
    const [, tag, style] = match;
    const background = lastValue(style!, 'background-color');
    const dark = background ? luminance(background) : null;
    if (background && dark !== null && dark < 0.1) {
      const text = lastValue(style!, 'color');
      const name = ELEMENT_NAMES[tag!] ?? tag!;
      risky.set(`${name}:${background}`, `${name}（${background} 深色底${text ? `、${text} 字` : ''}）`);
    }
  }
  const rawColours = [...new Set(rawHtml.join('\n').match(/(?:^|[;\s"'])(?:background-)?color\s*:\s*[^;"'>]+/gi) ?? [])].map((each) => each.replace(/^[;\s"']/, '').trim());
  if (risky.size === 0 && rawColours.length === 0) return null;
  const parts: string[] = [];
  if (risky.size > 0) parts.push(`「${themeName}」主题的${[...risky.values()].join('、')}`);
  if (rawColours.length > 0) parts.push(`原始 HTML 中写死的颜色（${rawColours.slice(0, 3).join('；')}，不过这段 HTML 会作为文字显示）`);
  return {
    kind: 'dark-mode-colors',
    level: 'warn',
    count: risky.size + rawColours.length,
    message: `微信深色模式会自动调整颜色：${parts.join('；')}在深色模式下会被反转或调亮，文字可能看不清`,
    fix: risky.size > 0 ? '发表前请用手机的深色模式预览；若对比度不够，换用「简约」「文艺」或「暖色」主题（浅色底，深色模式下表现稳定）' : '删除原始 HTML 中的颜色，使用排版主题',
    examples: [...[...risky.values()], ...rawColours].slice(0, 5),
  };
}
