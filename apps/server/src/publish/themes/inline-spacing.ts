import type { Token } from 'marked';
import { needsSpaceBetween } from './text-spacing.js';

/**
 * The Chinese–Latin space where the two sides are different inline pieces: 用**React**写,
 * 用`npm`装, 参见[Vue](…)文档. The space goes into a neighbouring plain-text piece, so code
 * and addresses are never changed; two formatted pieces side by side are left as they are.
 */
export function spaceInlineBoundaries(tokens: Token[]): void {
  for (let index = 0; index + 1 < tokens.length; index++) {
    const before = tokens[index]!;
    const after = tokens[index + 1]!;
    if (!needsSpaceBetween(visibleText(before), visibleText(after))) continue;
    if (before.type === 'text' && !hasChildren(before)) before.text += ' ';
    else if (after.type === 'text' && !hasChildren(after)) after.text = ` ${after.text}`;
  }
}

const hasChildren = (token: Token) => 'tokens' in token && Array.isArray(token.tokens) && token.tokens.length > 0;

/** What a reader sees of an inline piece, enough to know its first and last characters. */
function visibleText(token: Token): string {
  switch (token.type) {
    case 'text':
    case 'escape':
    case 'codespan':
    case 'strong':
    case 'em':
    case 'del':
    case 'link':
      return typeof token.text === 'string' ? token.text : '';
    default:
      return '';
  }
}
