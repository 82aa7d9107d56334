import { lazyRequire } from '../../platform/lazy-require.js';

const linkedom = lazyRequire<typeof import('linkedom')>('linkedom');

/**
 * Mammoth's HTML as markdown-ish text: headings become `#` lines (so chunks know their
 * section), tables become `| a | b |` rows (so cells stay together and apart), lists `-`
 * items. Mammoth's HTML is plain and regular, so a small walker over a DOM is enough.
 */
export interface DocxText {
  text: string;
  headings: string[];
}

const HEADING = /^H([1-6])$/;
const BLOCK_TAGS = new Set(['P', 'DIV', 'BLOCKQUOTE', 'TABLE', 'UL', 'OL', 'LI', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6']);

export function docxHtmlToText(html: string): DocxText {
  const { document } = linkedom().parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const blocks: string[] = [];
  const headings: string[] = [];
  walkBlocks(document.body, blocks, headings);
  return { text: blocks.join('\n\n'), headings };
}

function walkBlocks(parent: Node, blocks: string[], headings: string[]): void {
  for (const node of Array.from(parent.childNodes)) {
    if (!isElement(node)) {
      const text = normalizeInline(node.textContent ?? '');
      if (text) blocks.push(text);
      continue;
    }
    const heading = HEADING.exec(node.tagName);
    if (heading) {
      const text = normalizeInline(inlineText(node)).replace(/\n/g, ' ');
      if (text) {
        blocks.push(`${'#'.repeat(Number(heading[1]))} ${text}`);
        headings.push(text);
      }
    } else if (node.tagName === 'TABLE') {
      const rows = tableRows(node);
      if (rows) blocks.push(rows);
    } else if (node.tagName === 'UL' || node.tagName === 'OL') {
      const items = listItems(node, 0);
      if (items.length > 0) blocks.push(items.join('\n'));
    } else if (node.tagName === 'P') {
      const text = normalizeInline(inlineText(node));
      if (text) blocks.push(text);
    } else {
      walkBlocks(node, blocks, headings);
    }
  }
}

function tableRows(table: Element): string {
  const rows = childElements(table).flatMap((child) => (child.tagName === 'TR' ? [child] : childElements(child).filter((row) => row.tagName === 'TR')));
  const lines = rows
    .map((row) => childElements(row).filter((cell) => cell.tagName === 'TD' || cell.tagName === 'TH'))
    .filter((cells) => cells.length > 0)
    .map((cells) => `| ${cells.map(cellText).join(' | ')} |`);
  const columns = lines[0]?.split(' | ').length ?? 0;
  // A separator after the first row makes it a real (GFM) markdown table.
  if (lines.length > 1) lines.splice(1, 0, `|${' --- |'.repeat(columns)}`);
  return lines.join('\n');
}

const cellText = (cell: Element) =>
  normalizeInline(blockTexts(cell).join(' '))
    .replace(/\n/g, ' ')
    .replace(/\|/g, '\\|');

function listItems(list: Element, depth: number): string[] {
  const ordered = list.tagName === 'OL';
  const lines: string[] = [];
  let number = 0;
  for (const item of childElements(list)) {
    if (item.tagName !== 'LI') continue;
    number += 1;
    const nested = childElements(item).filter((child) => child.tagName === 'UL' || child.tagName === 'OL');
    const own = normalizeInline(
      Array.from(item.childNodes)
        .filter((child) => !isElement(child) || !nested.includes(child))
        .map((child) => (isElement(child) ? inlineText(child) : (child.textContent ?? '')))
        .join(''),
    ).replace(/\n/g, ' ');
    if (own) lines.push(`${'  '.repeat(depth)}${ordered ? `${number}.` : '-'} ${own}`);
    for (const sub of nested) lines.push(...listItems(sub, depth + 1));
  }
  return lines;
}

/** Text of the block children of a cell, or of the cell itself when it holds inline content only. */
function blockTexts(element: Element): string[] {
  const children = childElements(element);
  if (!children.some((child) => BLOCK_TAGS.has(child.tagName))) return [inlineText(element)];
  return Array.from(element.childNodes).flatMap((child) => (isElement(child) && BLOCK_TAGS.has(child.tagName) ? blockTexts(child) : [child.textContent ?? '']));
}

function inlineText(node: Node): string {
  if (!isElement(node)) return node.textContent ?? '';
  if (node.tagName === 'BR') return '\n';
  if (node.tagName === 'IMG') return '';
  return Array.from(node.childNodes).map(inlineText).join('');
}

const normalizeInline = (text: string) =>
  text
    .split('\n')
    .map((line) => line.replace(/[ \t\r\u00a0]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');

const isElement = (node: Node): node is Element => node.nodeType === 1;

const childElements = (element: Element) => Array.from(element.children);
