import { lazyRequire } from '../platform/lazy-require.js';
import { renderMarkdown } from '../articles/render-html.js';
import { css, FALLBACK_STYLE, WECHAT_STYLES } from './wechat-styles.js';

const linkedom = lazyRequire<typeof import('linkedom')>('linkedom');

/**
 * The article as HTML for the WeChat official-account editor: the sanitised rendering of
 * render-html.ts (raw HTML shown as text, unsafe addresses removed), then every element given
 * its look in a `style` attribute and stripped of everything else (classes, loading, ids…),
 * because a paste into that editor keeps nothing but inline styles.
 */

/** Attributes kept besides `style`; anything else (class, id, on*, loading) is dropped. */
const KEPT_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'title'],
  ol: ['start'],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
};
/** Containers whose whitespace-only text is layout noise (a stray space or line in the editor). */
const CONTAINERS = new Set(['SECTION', 'UL', 'OL', 'TABLE', 'THEAD', 'TBODY', 'TR', 'BLOCKQUOTE', 'PRE']);
const STYLE_KEY = 'data-wechat-style';

export interface WechatHtmlOptions {
  /** The site's public address: images stored by us become absolute URLs to it. */
  publicUrl: string;
}

export function toWechatHtml(markdown: string, options: WechatHtmlOptions): string {
  const { document } = linkedom().parseHTML(`<!doctype html><html><body><section>${renderMarkdown(markdown)}</section></body></html>`);
  const root = document.querySelector('section')!;

  // NOTE: the editor has its own title field, so a leading `# title` would show the title twice.
  if (root.firstElementChild?.tagName === 'H1') root.firstElementChild.remove();

  for (const box of Array.from(root.querySelectorAll('input'))) {
    box.replaceWith(document.createTextNode(box.hasAttribute('checked') ? '☑' : '☐'));
  }
  for (const image of Array.from(root.querySelectorAll('img'))) placeImage(document, image, options.publicUrl);
  for (const link of Array.from(root.querySelectorAll('a[href]'))) {
    // Relative links point at our site; mailto: and the like stay as they are.
    const href = link.getAttribute('href') ?? '';
    if (!/^[a-z][a-z0-9+.-]*:/i.test(href)) link.setAttribute('href', absoluteUrl(href, options.publicUrl) ?? '');
  }
  for (const code of Array.from(root.querySelectorAll('pre > code'))) keepCodeLayout(document, code);

  removeLayoutWhitespace(root);
  wrapLooseText(document, root);
  for (const element of [root, ...Array.from(root.querySelectorAll('*'))]) applyStyle(element);
  return root.outerHTML;
}

/** Absolute address for our images; an image that cannot be shown becomes its alt text. */
function placeImage(document: Document, image: Element, publicUrl: string): void {
  const alt = image.getAttribute('alt')?.trim() ?? '';
  const src = absoluteUrl(image.getAttribute('src') ?? '', publicUrl);
  if (!src) {
    image.replaceWith(document.createTextNode(alt));
    return;
  }
  image.setAttribute('src', src);
  const paragraph = image.parentElement;
  const alone = paragraph?.tagName === 'P' && paragraph.childNodes.length === 1;
  if (!alone) return;
  paragraph.setAttribute(STYLE_KEY, 'p.image');
  if (alt) {
    const caption = document.createElement('span');
    caption.setAttribute(STYLE_KEY, 'caption');
    caption.textContent = alt;
    paragraph.appendChild(caption);
  }
}

export function absoluteUrl(src: string, publicUrl: string): string | null {
  if (!src) return null;
  try {
    const url = new URL(src, `${publicUrl}/`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Code keeps its lines and indentation even where the editor collapses white space: spaces
 * become no-break spaces and line ends become <br> (what WeChat formatters do).
 */
function keepCodeLayout(document: Document, code: Element): void {
  const lines = (code.textContent ?? '').replace(/\n$/, '').split('\n');
  code.textContent = '';
  lines.forEach((line, index) => {
    if (index > 0) code.appendChild(document.createElement('br'));
    if (line) code.appendChild(document.createTextNode(line.replace(/ /g, '\u00a0').replace(/\t/g, '\u00a0\u00a0')));
  });
}

function removeLayoutWhitespace(root: Element): void {
  for (const element of [root, ...Array.from(root.querySelectorAll('*'))]) {
    if (!CONTAINERS.has(element.tagName)) continue;
    for (const node of Array.from(element.childNodes)) {
      if (node.nodeType === 3 && !(node.textContent ?? '').trim()) node.remove();
    }
  }
}

/** Raw HTML at the top level is shown as text (render-html.ts); it gets a paragraph like any text. */
function wrapLooseText(document: Document, root: Element): void {
  const made: Element[] = [];
  let paragraph: Element | null = null;
  for (const node of Array.from(root.childNodes)) {
    if (node.nodeType !== 3) {
      paragraph = null;
      continue;
    }
    // The parser may split one text at entities: consecutive pieces share one paragraph.
    if (!paragraph) {
      paragraph = document.createElement('p');
      node.before(paragraph);
      made.push(paragraph);
    }
    paragraph.appendChild(node);
  }
  for (const each of made) each.textContent = (each.textContent ?? '').trim();
}

function styleKeyOf(element: Element): string {
  const marked = element.getAttribute(STYLE_KEY);
  if (marked) return marked;
  const tag = element.tagName.toLowerCase();
  const parent = element.parentElement?.tagName;
  if (tag === 'code' && parent === 'PRE') return 'pre code';
  if (tag === 'p' && parent === 'BLOCKQUOTE') return 'blockquote p';
  if (tag === 'p' && parent === 'LI') return 'li p';
  return tag;
}

function applyStyle(element: Element): void {
  const tag = element.tagName.toLowerCase();
  let style = WECHAT_STYLES[styleKeyOf(element)] ?? FALLBACK_STYLE;
  const align = element.getAttribute('align');
  if ((tag === 'th' || tag === 'td') && (align === 'left' || align === 'center' || align === 'right')) {
    style = css(style, `text-align: ${align}`);
  }
  const kept = KEPT_ATTRIBUTES[tag] ?? [];
  for (const name of element.getAttributeNames()) {
    if (!kept.includes(name)) element.removeAttribute(name);
  }
  element.setAttribute('style', style);
}
