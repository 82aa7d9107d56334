import { history, undo } from '@codemirror/commands';
import { ChangeSet, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { afterEach, describe, expect, it } from 'vitest';
import { applyChange, mapRange, resultChange } from './apply-result';

const DOC = '# 标题\n\n很多人都在说。第二句。';
const SELECTED = '很多人都在说。';
const RANGE = { from: DOC.indexOf(SELECTED), to: DOC.indexOf(SELECTED) + SELECTED.length };

let view: EditorView | null = null;
afterEach(() => {
  view?.destroy();
  view = null;
});

describe('mapRange', () => {
  it('moves with typing before it and keeps typing at its edges outside', () => {
    const before = ChangeSet.of({ from: 0, insert: '前言' }, DOC.length);
    expect(mapRange(RANGE, before)).toEqual({ from: RANGE.from + 2, to: RANGE.to + 2 });
    const atEdges = ChangeSet.of(
      [
        { from: RANGE.from, insert: '甲' },
        { from: RANGE.to, insert: '乙' },
      ],
      DOC.length,
    );
    expect(mapRange(RANGE, atEdges)).toEqual({ from: RANGE.from + 1, to: RANGE.to + 1 });
  });
});

describe('resultChange', () => {
  it('replaces the range, or inserts after it', () => {
    expect(resultChange(DOC, RANGE, SELECTED, '不少人在说。', 'replace')).toEqual({ ...RANGE, insert: '不少人在说。' });
    expect(resultChange(DOC, RANGE, SELECTED, '新段。', 'below')).toEqual({ from: RANGE.to, to: RANGE.to, insert: '\n\n新段。' });
  });
  it('refuses when the range was edited meanwhile', () => {
    const edited = DOC.replace('很多人', '许多人');
    expect(resultChange(edited, RANGE, SELECTED, '不少人在说。', 'replace')).toBeNull();
  });
});

describe('applyChange', () => {
  it('is one undo step, apart from typing just before it', () => {
    view = new EditorView({ parent: document.body, state: EditorState.create({ doc: DOC, extensions: [history()] }) });
    // NOTE: happy-dom fires selectionchange synchronously inside CodeMirror's update of a focused
    // editor (browsers fire it later), which CodeMirror refuses; focus is the browser test's part.
    view.focus = () => {};
    view.dispatch({ changes: { from: view.state.doc.length, insert: '补' }, userEvent: 'input.type' });
    const typed = view.state.doc.toString();
    applyChange(view, { ...RANGE, insert: '不少人都在说。' });
    expect(view.state.doc.toString()).toBe(typed.replace(SELECTED, '不少人都在说。'));
    expect(view.state.sliceDoc(view.state.selection.main.from, view.state.selection.main.to)).toBe('不少人都在说。');

    undo(view);
    expect(view.state.doc.toString()).toBe(typed);
    undo(view);
    expect(view.state.doc.toString()).toBe(DOC);
  });
});
