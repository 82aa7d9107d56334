/**
 * Inline styles for the WeChat official-account editor. Its paste keeps `style` attributes and
 * drops classes and style sheets, and it does not always pass a parent's font down, so every
 * text element repeats its size and line height. Green accent and link colour are WeChat's own.
 */
const FONT = "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', sans-serif";
const MONO = "Menlo, Consolas, 'Courier New', monospace";
const TEXT = 'font-size: 16px; line-height: 1.75; color: #333333; letter-spacing: 0.5px;';
export const ACCENT = '#07c160';

/** Joins declarations; a property named again replaces the earlier one, so none is written twice. */
export function css(...parts: string[]): string {
  const declarations = new Map<string, string>();
  for (const part of parts) {
    for (const declaration of part.split(';')) {
      const colon = declaration.indexOf(':');
      if (colon > 0) declarations.set(declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim());
    }
  }
  return Array.from(declarations, ([property, value]) => `${property}: ${value};`).join(' ');
}

const heading = (size: number, border: string, extra = '') =>
  css(`margin: 1.6em 0 0.8em; padding-left: 10px; border-left: ${border}; font-size: ${size}px; line-height: 1.5; font-weight: bold; color: #1f2937;`, extra);

const STYLES: Record<string, string> = {
  section: `${TEXT} font-family: ${FONT}; word-break: break-word; overflow-wrap: break-word; text-align: left;`,
  h1: heading(22, `5px solid ${ACCENT}`),
  h2: heading(20, `4px solid ${ACCENT}`),
  h3: heading(18, '3px solid #6ee7b7'),
  h4: heading(16, '2px solid #d1d5db'),
  h5: heading(16, '2px solid #e5e7eb', ' color: #4b5563;'),
  h6: heading(16, '2px solid #e5e7eb', ' color: #6b7280;'),
  p: `margin: 0 0 1em; ${TEXT}`,
  'blockquote p': `margin: 0.3em 0; ${TEXT} color: #666666;`,
  'li p': `margin: 0; ${TEXT}`,
  ul: `margin: 0 0 1em; padding-left: 1.6em; list-style-type: disc; ${TEXT}`,
  ol: `margin: 0 0 1em; padding-left: 1.6em; list-style-type: decimal; ${TEXT}`,
  li: `margin: 0.3em 0; ${TEXT}`,
  blockquote: `margin: 0 0 1em; padding: 10px 14px; border-left: 4px solid #d1d5db; background-color: #f7f7f7; border-radius: 2px; ${TEXT} color: #666666;`,
  pre: 'margin: 0 0 1em; padding: 12px 14px; background-color: #f6f8fa; border-radius: 6px; overflow-x: auto; text-align: left;',
  'pre code': `display: block; font-family: ${MONO}; font-size: 13px; line-height: 1.6; color: #24292e; white-space: pre-wrap; word-break: break-all; background: none; padding: 0;`,
  code: `font-family: ${MONO}; font-size: 14px; padding: 2px 4px; margin: 0 2px; border-radius: 3px; background-color: #f3f4f6; color: #d14;`,
  strong: 'font-weight: bold; color: #1f2937;',
  em: 'font-style: italic;',
  del: 'text-decoration: line-through; color: #999999;',
  a: 'color: #576b95; text-decoration: none; border-bottom: 1px solid #576b95;',
  img: 'display: block; max-width: 100%; height: auto; margin: 0 auto; border-radius: 6px;',
  'p.image': 'margin: 1.2em 0; text-align: center; font-size: 16px; line-height: 1.75;',
  caption: 'display: block; margin-top: 6px; font-size: 13px; line-height: 1.5; color: #999999; text-align: center;',
  table: 'width: 100%; margin: 0 0 1em; border-collapse: collapse; font-size: 14px; line-height: 1.6; color: #333333;',
  thead: 'background-color: #f3f4f6;',
  tbody: 'background-color: #ffffff;',
  tr: 'border: 0;',
  th: 'padding: 6px 10px; border: 1px solid #e5e7eb; font-weight: bold; text-align: left; background-color: #f3f4f6;',
  td: 'padding: 6px 10px; border: 1px solid #e5e7eb; text-align: left;',
  hr: 'margin: 1.6em 0; border: 0; border-top: 1px solid #e5e7eb; height: 0;',
  br: 'line-height: inherit;',
  span: 'font-size: inherit;',
};

export const WECHAT_STYLES: Record<string, string> = Object.fromEntries(Object.entries(STYLES).map(([key, style]) => [key, css(style)]));

/** Any element the table does not name: harmless, so the "every element has a style" rule holds. */
export const FALLBACK_STYLE = 'font-size: inherit;';
