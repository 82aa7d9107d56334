import { Lexer, type Token, type Tokens } from 'marked';
import { normalizeCardText } from '../providers/images/text-layout.js';
import { decodeEntities } from './markdown-text.js';

/**
 * The article's text as the blocks of Xiaohongshu cards: headings, paragraphs, list items,
 * quotes and code, in plain text. Images, rules and the leading `# title` (it is on the cover)
 * are left out. Pure: marked's tokens in, blocks out.
 */

export type CardBlockKind = 'heading' | 'paragraph' | 'item' | 'quote' | 'code';

export interface CardBlock {
  kind: CardBlockKind;
  text: string;
  /** A list item's marker: '•', '1.'… */
  marker?: string;
  /** List nesting, 0 at the top. */
  depth?: number;
}

export function plainText(tokens: readonly Token[] | undefined): string {
  let out = '';
  for (const token of tokens ?? []) {
    if (token.type === 'image' || token.type === 'checkbox') continue;
    if (token.type === 'br') out += ' ';
    else if ('tokens' in token && Array.isArray(token.tokens) && token.tokens.length > 0) out += plainText(token.tokens);
    else if ('text' in token && typeof token.text === 'string') out += decodeEntities(token.text);
  }
  return out;
}

export function cardBlocks(markdown: string): CardBlock[] {
  const tokens = Lexer.lex(markdown, { gfm: true });
  const firstContent = tokens.find((token) => token.type !== 'space');
  const body = firstContent?.type === 'heading' && firstContent.depth === 1 ? tokens.filter((token) => token !== firstContent) : tokens;
  const out: CardBlock[] = [];
  for (const token of body) collect(token, out, false);
  return out.filter((block) => block.text.length > 0);
}

const WIDE_CHAR = '\\p{Script=Han}\\u3000-\\u303f\\uff00-\\uffef\\u2014\\u2026\\u201c\\u201d\\u2018\\u2019';
/** A line break between two Chinese characters or punctuation marks is no space in Chinese. */
const BREAK_BETWEEN_WIDE = new RegExp(`(?<=[${WIDE_CHAR}])[ \\t]*\\n[ \\t]*(?=[${WIDE_CHAR}])`, 'gu');

export function cardText(text: string): string {
  return normalizeCardText(text.replace(BREAK_BETWEEN_WIDE, ''));
}

function push(out: CardBlock[], block: CardBlock): void {
  const text = block.kind === 'code' ? block.text.replace(/\t/g, '  ').replace(/\s+$/, '') : cardText(block.text);
  out.push({ ...block, text });
}

function collect(token: Token, out: CardBlock[], quoted: boolean): void {
  switch (token.type) {
    case 'heading':
      push(out, { kind: 'heading', text: plainText(token.tokens) });
      break;
    case 'paragraph':
    case 'text':
      push(out, { kind: quoted ? 'quote' : 'paragraph', text: plainText((token as Tokens.Text).tokens ?? [token]) });
      break;
    case 'html':
      push(out, { kind: quoted ? 'quote' : 'paragraph', text: token.text });
      break;
    case 'blockquote':
      for (const child of token.tokens ?? []) collect(child, out, true);
      break;
    case 'list':
      collectList(token as Tokens.List, out, 0);
      break;
    case 'code':
      push(out, { kind: 'code', text: token.text });
      break;
    case 'table': {
      const table = token as Tokens.Table;
      for (const row of [table.header, ...table.rows]) {
        push(out, { kind: 'paragraph', text: row.map((cell) => plainText(cell.tokens)).join(' ｜ ') });
      }
      break;
    }
    default:
      break;
  }
}

function collectList(list: Tokens.List, out: CardBlock[], depth: number): void {
  const start = typeof list.start === 'number' ? list.start : 1;
  list.items.forEach((item, index) => {
    const marker = item.task ? (item.checked ? '☑' : '☐') : list.ordered ? `${start + index}.` : depth > 0 ? '◦' : '•';
    const text: string[] = [];
    const nested: Tokens.List[] = [];
    for (const part of item.tokens) {
      if (part.type === 'list') nested.push(part as Tokens.List);
      else if (part.type === 'text' || part.type === 'paragraph') text.push(plainText((part as Tokens.Text).tokens ?? [part]));
      else if (part.type === 'code') text.push(part.text);
    }
    push(out, { kind: 'item', text: text.join(' '), marker, depth });
    for (const child of nested) collectList(child, out, depth + 1);
  });
}
