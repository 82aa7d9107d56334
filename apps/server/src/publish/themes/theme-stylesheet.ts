import type { WechatThemeId } from '@tianma/shared';
import { type StyleKey, themeStyles } from './theme-styles.js';

/*
 * A layout theme as a stylesheet for the share page (issue 20, point 2). The page cannot carry the
 * inline styles of the WeChat layout (the app's CSP allows no inline style), so the same
 * declarations are served as rules scoped to the article's body: one source for both.
 */

/** The class the share page puts on the article body to wear a theme. */
export const themeScopeClass = (id: WechatThemeId) => `wx-theme-${id}`;

// The share page renders plain Markdown HTML: what the WeChat renderer writes as its own elements
// (figures, list lines, footnotes) maps onto the elements Markdown gives.
const SELECTORS: Partial<Record<StyleKey, string>> = {
  root: '',
  h1: ' h1',
  h2: ' h2',
  h3: ' h3',
  h4: ' h4',
  p: ' p',
  blockquote: ' blockquote',
  quoteP: ' blockquote p',
  listLine: ' li',
  code: ' :not(pre) > code',
  pre: ' pre',
  preCode: ' pre code',
  table: ' table',
  th: ' th',
  td: ' td',
  img: ' img',
  hr: ' hr',
  strong: ' strong',
  em: ' em',
  del: ' del',
  a: ' a',
};

/** The theme's rules, scoped to `.markdown-body.wx-theme-<id>` so they outrank the page's own. */
export function themeStylesheet(id: WechatThemeId): string {
  const styles = themeStyles(id);
  const scope = `.markdown-body.${themeScopeClass(id)}`;
  const rules = Object.entries(SELECTORS).map(([key, selector]) => `${scope}${selector} { ${styles[key as StyleKey]} }`);
  // Markdown's list markers take the theme's accent, as the WeChat layout's numbered lines do.
  const marker = /(?:^|;)\s*color:\s*([^;]+)/.exec(styles.listMarker)?.[1]?.trim();
  if (marker) rules.push(`${scope} li::marker { color: ${marker}; }`);
  return `${rules.join('\n')}\n`;
}
