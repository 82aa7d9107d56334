import { isolateHistory } from '@codemirror/commands';
import type { ChangeDesc } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import { rangeHolds, type TextChange, type TextRange } from './revision-text';

/**
 * Where an action's range is after an edit: typing before it moves it, typing at its edges stays
 * outside it, typing inside changes its text (which rangeHolds then refuses).
 */
export function mapRange(range: TextRange, changes: ChangeDesc): TextRange {
  const from = changes.mapPos(range.from, 1);
  return { from, to: Math.max(from, changes.mapPos(range.to, -1)) };
}

/**
 * The change that puts a result in place of the range (or after it), or null when the range no
 * longer holds the text the action was given: the user edited it meanwhile.
 */
export function resultChange(doc: string, range: TextRange, original: string, text: string, where: 'replace' | 'below'): TextChange | null {
  if (!rangeHolds(doc, range, original)) return null;
  return where === 'replace' ? { ...range, insert: text } : { from: range.to, to: range.to, insert: `\n\n${text}` };
}

/** One transaction, alone in the undo history: one Ctrl+Z takes an accepted result back. */
export function applyChange(view: EditorView, change: TextChange): void {
  view.dispatch({
    changes: change,
    selection: { anchor: change.from, head: change.from + change.insert.length },
    annotations: isolateHistory.of('full'),
    userEvent: 'input.ai',
    scrollIntoView: true,
  });
  view.focus();
}
