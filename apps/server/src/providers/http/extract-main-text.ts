import type { Readability } from '@mozilla/readability';
import { lazyRequire } from '../../platform/lazy-require.js';

/** Loaded when a process first reads a web page (workers; api processes only for reference previews). */
const readability = lazyRequire<typeof import('@mozilla/readability')>('@mozilla/readability');
const linkedom = lazyRequire<typeof import('linkedom')>('linkedom');

/**
 * The main text of a fetched web page (a reference article, a page opened during research):
 * Readability picks the article out of the navigation, sidebars and comments; its result is
 * turned into plain text that keeps the shape of the article, since that shape is part of a
 * style: paragraphs apart by a blank line, headings as `#` lines, list items as `-` / `1.` lines.
 * When Readability finds nothing, the page's <article> or <body> is read with the usual chrome
 * (scripts, navigation, header, footer, aside, forms) left out.
 */
export interface MainText {
  /** The article's title (Readability's, from og:title or <title> without the site name), or null. */
  title: string | null;
  text: string;
}

/**
 * Readability takes in the order of a second per 30 000 elements, synchronously; a page with more
 * goes to the fallback. (Its own maxElemsToParse cannot see linkedom's elements, so they are
 * counted in the source.) Articles, comments included, stay far below this.
 */
const MAX_READABILITY_ELEMENTS = 30_000;

export function extractMainText(html: string, url: string): MainText {
  const document = parseDocument(html, url);
  const pageTitle = clean(document.title ?? '') || null;
  if (countTags(html) > MAX_READABILITY_ELEMENTS) return bodyText(document, pageTitle);
  let article: ReturnType<Readability<Node>['parse']> = null;
  try {
    // NOTE: no isProbablyReaderable gate: its thresholds are tuned for Latin text and turn away Chinese articles.
    article = new (readability().Readability)<Node>(document, { serializer: (node) => node }).parse();
  } catch {
    article = null; // a page Readability cannot walk still has a body to fall back on
  }
  if (article?.content) {
    const main = splitTitle(textBlocks(article.content), clean(article.title ?? '') || pageTitle);
    if (main.blocks.length > 0) return { title: main.title, text: blocksToText(main.blocks) };
  }
  // Readability has taken the document apart: the fallback reads a fresh one.
  return bodyText(parseDocument(html, url), pageTitle);
}

function bodyText(document: Document, pageTitle: string | null): MainText {
  const { title, blocks } = splitTitle(textBlocks(chromeless(document)), pageTitle);
  return { title, text: blocksToText(blocks) };
}

/** The page's readable text without Readability: <article> or <body>, minus scripts and navigation chrome. */
export function htmlToText(html: string): string {
  return bodyText(parseDocument(html, 'about:blank'), null).text;
}

function countTags(html: string): number {
  let count = 0;
  for (const _ of html.matchAll(/<[a-z]/gi)) count += 1;
  return count;
}

function parseDocument(html: string, url: string): Document {
  const { document } = linkedom().parseHTML(asDocument(html));
  // Readability resolves the article's links against these, as in a browser (linkedom leaves them unset).
  Object.defineProperty(document, 'documentURI', { value: url, configurable: true });
  Object.defineProperty(document, 'baseURI', { value: url, configurable: true });
  return document;
}

/**
 * linkedom is no HTML5 parser: it drops everything outside an explicit <body> (and fails on text
 * without <html>), which browsers would put in an implied body. Such pages get the missing tags.
 */
function asDocument(html: string): string {
  if (/<body[\s>]/i.test(html)) return /<html[\s>]/i.test(html) ? html : `<html>${html.replace(/<!doctype[^>]*>/i, '')}</html>`;
  const bare = html.replace(/<!doctype[^>]*>|<\/?html(?:\s[^>]*)?>/gi, '');
  const head = /<head[\s>][\s\S]*?<\/head\s*>/i.exec(bare);
  const rest = head ? bare.slice(0, head.index) + bare.slice(head.index + head[0].length) : bare;
  return `<!DOCTYPE html><html>${head?.[0] ?? '<head></head>'}<body>${rest}</body></html>`;
}

const SKIPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'MATH', 'IFRAME', 'OBJECT', 'EMBED', 'CANVAS', 'BUTTON', 'SELECT', 'TEXTAREA', 'HEAD']);
const CHROME = ['nav', 'header', 'footer', 'aside', 'form', 'dialog', 'menu'];

/** The fallback's root: the page's <article> (or <body>) without chrome. Modifies the document. */
function chromeless(document: Document): Node {
  const root = document.querySelector('article') ?? document.body ?? document.documentElement;
  if (!root) return document;
  for (const element of Array.from(root.querySelectorAll(CHROME.join(',')))) element.remove();
  return root;
}

/** `list` numbers the outermost lists, so the items of one list (nested ones included) stay together. */
type Block = { kind: 'text' | 'heading' | 'item'; text: string; list?: number };

const BLOCK_TAGS = new Set([
  'ADDRESS', 'ARTICLE', 'ASIDE', 'BLOCKQUOTE', 'CAPTION', 'CENTER', 'DD', 'DETAILS', 'DIALOG', 'DIV', 'DL', 'DT', 'FIELDSET',
  'FIGCAPTION', 'FIGURE', 'FOOTER', 'FORM', 'HEADER', 'HGROUP', 'HR', 'LI', 'MAIN', 'MENU', 'NAV', 'OL', 'P', 'SECTION',
  'SUMMARY', 'TABLE', 'TBODY', 'TFOOT', 'THEAD', 'TR', 'UL',
]);
const HEADING = /^H([1-6])$/;
const TITLE_SEPARATOR = /^\s*[-_|｜—–·:：>»]/;
// Ideographs and CJK/full-width punctuation: a line break in the source between two of them is no space (CSS Text 3).
const CJK = '[\\p{Script=Han}\\u3000-\\u303f\\uff00-\\uffef\\u2018-\\u201d\\u2026]';
const CJK_BREAK = new RegExp(`(?<=${CJK})[ \\t]*[\\r\\n]\\s*(?=${CJK})`, 'gu');

/** Block-level text of a DOM subtree, in document order. */
function textBlocks(root: Node): Block[] {
  const blocks: Block[] = [];
  let inline = '';
  // The marker of the list item whose text has not been written yet.
  let pendingItem: string | null = null;
  let list = 0;

  const flush = () => {
    const text = inline
      .split('\n')
      .map((line) => line.replace(/\s+/g, ' ').trim())
      .filter(Boolean)
      .join('\n');
    inline = '';
    if (!text) return;
    if (pendingItem !== null) {
      blocks.push({ kind: 'item', text: `${pendingItem}${text.replace(/\n/g, ' ')}`, list });
      pendingItem = null;
    } else {
      blocks.push({ kind: 'text', text });
    }
  };

  const walk = (node: Node, lists: { ordered: boolean; count: number }[]) => {
    if (node.nodeType === 3) {
      inline += (node.textContent ?? '').replace(CJK_BREAK, '').replace(/[ \t\r\n\f]+/g, ' ');
      return;
    }
    if (node.nodeType !== 1 && node.nodeType !== 9 && node.nodeType !== 11) return;
    const tag = node.nodeType === 1 ? (node as Element).tagName.toUpperCase() : '';
    if (SKIPPED.has(tag)) return;
    if (tag === 'BR') {
      inline += '\n';
      return;
    }
    const heading = HEADING.exec(tag);
    if (heading) {
      flush();
      const text = (node.textContent ?? '').replace(CJK_BREAK, '').replace(/\s+/g, ' ').trim();
      if (text) blocks.push({ kind: 'heading', text: `${'#'.repeat(Number(heading[1]))} ${text}` });
      return;
    }
    if (tag === 'PRE') {
      flush();
      const text = (node.textContent ?? '').replace(/[ \t]+$/gm, '').replace(/^\n+|\n+$/g, '');
      if (text.trim()) blocks.push({ kind: 'text', text });
      return;
    }
    const block = BLOCK_TAGS.has(tag);
    if (block) flush();
    const isList = tag === 'UL' || tag === 'OL';
    if (isList && lists.length === 0) list += 1;
    const nested = isList ? [...lists, { ordered: tag === 'OL', count: 0 }] : lists;
    if (tag === 'LI') {
      const current = lists.at(-1);
      if (current) current.count += 1;
      const indent = '  '.repeat(Math.max(0, lists.length - 1));
      pendingItem = `${indent}${current?.ordered ? `${current.count}. ` : '- '}`;
    } else if (tag === 'TD' || tag === 'TH') {
      inline += ' ';
    }
    for (const child of Array.from(node.childNodes)) walk(child, nested);
    if (block) flush();
    if (tag === 'LI') pendingItem = null;
  };

  walk(root, []);
  flush();
  return blocks;
}

/**
 * The title apart from the body: Readability keeps the article's own <h1> (as an <h2>), which is
 * the title, and often a better one than <title>, which adds the site after a separator
 * (标题_财经频道_某某网, 标题 - 某某站).
 */
function splitTitle(blocks: Block[], title: string | null): { title: string | null; blocks: Block[] } {
  const first = blocks[0];
  if (first?.kind !== 'heading' || !title) return { title, blocks };
  const heading = first.text.replace(/^#+\s*/, '');
  const withSite = title.startsWith(heading) && [...heading].length >= 4 && TITLE_SEPARATOR.test(title.slice(heading.length));
  return heading === title || withSite ? { title: heading, blocks: blocks.slice(1) } : { title, blocks };
}

/** Paragraphs and headings apart by a blank line; the items of one list on consecutive lines. */
function blocksToText(blocks: Block[]): string {
  let text = '';
  let previous: Block | null = null;
  for (const block of blocks) {
    if (previous) text += previous.kind === 'item' && block.kind === 'item' && previous.list === block.list ? '\n' : '\n\n';
    text += block.text;
    previous = block;
  }
  return text;
}

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
