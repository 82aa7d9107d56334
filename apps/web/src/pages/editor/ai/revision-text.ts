import { REVISION_CONTEXT_CHARS, type RevisionAction, revisionCost, revisionOutputLimit } from '@tianma/shared';
import type { RevisionActionInfo } from './revision-api';

/** Characters as the server counts them (code points), for prices. */
export const charCount = (text: string) => [...text].length;

/**
 * What an action costs, shown before the click: a model's action at most the price of its output
 * limit for this selection (what the server holds, decision 061), rules nothing.
 */
export function priceText(info: Pick<RevisionActionInfo, 'action' | 'price'>, selectionChars: number): string {
  if (info.price <= 0) return '免费';
  return `约 ${revisionCost(revisionOutputLimit(info.action, selectionChars))} 币`;
}

export interface TextRange {
  from: number;
  to: number;
}

/** Whether `range` of `doc` still holds `text`: an edit made while the action ran must not be overwritten. */
export function rangeHolds(doc: string, range: TextRange, text: string): boolean {
  return range.from >= 0 && range.to <= doc.length && range.from <= range.to && doc.slice(range.from, range.to) === text;
}

/** The text around a selection that the prompt carries (the editor's current text, perhaps unsaved). */
export function contextAround(doc: string, range: TextRange): { before: string; after: string } {
  return { before: doc.slice(Math.max(0, range.from - REVISION_CONTEXT_CHARS), range.from), after: doc.slice(range.to, range.to + REVISION_CONTEXT_CHARS) };
}

export interface TextChange {
  from: number;
  to: number;
  insert: string;
}

/** A chosen title: it replaces the first `# ` heading, or becomes one at the top. */
export function titleChange(doc: string, title: string): TextChange {
  const clean = title.replace(/\s+/g, ' ').trim();
  const heading = /^# .*$/m.exec(doc);
  if (heading) return { from: heading.index, to: heading.index + heading[0].length, insert: `# ${clean}` };
  return { from: 0, to: 0, insert: `# ${clean}\n\n` };
}

/** A summary as a quote at the top of the body: under the first heading when the article opens with one. */
export function summaryChange(doc: string, summary: string): TextChange {
  const quote = summary
    .trim()
    .split(/\n+/)
    .map((line) => `> ${line}`)
    .join('\n');
  const heading = /^# .*$/m.exec(doc);
  if (heading && doc.slice(0, heading.index).trim() === '') {
    const at = heading.index + heading[0].length;
    return { from: at, to: at, insert: `\n\n${quote}` };
  }
  return { from: 0, to: 0, insert: `${quote}\n\n` };
}

/** Titles come back one a line. */
export const titleOptions = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, 5);

/** What 续写 proposes is the selection followed by its continuation; the others, a replacement. */
export function proposedText(action: RevisionAction, original: string, result: string): string {
  if (action !== 'continue') return result;
  const joiner = /\n$/.test(original) || /^\n/.test(result) ? '' : '\n\n';
  return `${original}${joiner}${result}`;
}
