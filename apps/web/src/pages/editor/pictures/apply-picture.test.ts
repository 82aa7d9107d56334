import { history, undo } from '@codemirror/commands';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { afterEach, describe, expect, it } from 'vitest';
import { applyChange } from '../ai/apply-result';
import { paragraphAt, pictureChange, searchText } from './apply-picture';

const FIRST = '清晨的咖啡馆里，咖啡师正在做拉花。';
const SECOND = '午后的**猫**在窗台上晒太阳，\n尾巴一摇一摇。';
const DOC = `# 城市一日\n\n${FIRST}\n\n${SECOND}\n\n结尾。`;
const PICTURE = { url: '/media/images/abc', caption: '咖啡拉花' };

let view: EditorView | null = null;
afterEach(() => {
  view?.destroy();
  view = null;
});

const at = (text: string, offset = 1) => ({ from: DOC.indexOf(text) + offset, to: DOC.indexOf(text) + offset });

describe('paragraphAt', () => {
  it('finds the paragraph around the cursor, across its lines, with markdown marks left out of the query', () => {
    const paragraph = paragraphAt(DOC, at('尾巴'))!;
    expect(paragraph.text).toBe(SECOND);
    expect(DOC.slice(paragraph.from, paragraph.to)).toBe(SECOND);
    expect(paragraph.query).toBe('午后的猫在窗台上晒太阳，\n尾巴一摇一摇。');
    expect(paragraph.image).toBeNull();
  });

  it('searches with the selection when there is one, on a blank line takes the paragraph above', () => {
    const from = DOC.indexOf('咖啡师');
    expect(paragraphAt(DOC, { from, to: from + 3 })).toMatchObject({ text: FIRST, query: '咖啡师' });
    const blank = DOC.indexOf(FIRST) + FIRST.length + 1;
    expect(paragraphAt(DOC, { from: blank, to: blank })?.text).toBe(FIRST);
    expect(paragraphAt('\n\n', { from: 1, to: 1 })).toBeNull();
  });

  it('sees a picture line (and its credit) after the paragraph', () => {
    const doc = `${FIRST}\n\n![旧图](/media/images/old)\n*图片来源：Photo by A on Pexels*\n\n${SECOND}`;
    const paragraph = paragraphAt(doc, { from: 2, to: 2 })!;
    expect(doc.slice(paragraph.image!.from, paragraph.image!.to)).toBe('![旧图](/media/images/old)\n*图片来源：Photo by A on Pexels*');
  });
});

describe('pictureChange', () => {
  it('inserts the picture on its own line after the paragraph', () => {
    const paragraph = paragraphAt(DOC, at(FIRST))!;
    const change = pictureChange(DOC, paragraph, PICTURE, 'insert')!;
    const next = DOC.slice(0, change.from) + change.insert + DOC.slice(change.to);
    expect(next).toBe(`# 城市一日\n\n${FIRST}\n\n![咖啡拉花](/media/images/abc)\n\n${SECOND}\n\n结尾。`);
  });

  it('adds the credit under a stock picture, and at the end of the text', () => {
    const doc = FIRST;
    const change = pictureChange(doc, paragraphAt(doc, { from: 0, to: 0 })!, { ...PICTURE, attribution: 'Photo by A on Pexels' }, 'insert')!;
    expect(doc + change.insert).toBe(`${FIRST}\n\n![咖啡拉花](/media/images/abc)\n*图片来源：Photo by A on Pexels*`);
  });

  it('replaces the picture line after the paragraph, credit included', () => {
    const doc = `${FIRST}\n\n![旧图](/media/images/old)\n*图片来源：Photo by A on Pexels*\n\n结尾。`;
    const change = pictureChange(doc, paragraphAt(doc, { from: 2, to: 2 })!, PICTURE, 'replace')!;
    expect(doc.slice(0, change.from) + change.insert + doc.slice(change.to)).toBe(`${FIRST}\n\n![咖啡拉花](/media/images/abc)\n\n结尾。`);
  });

  it('refuses when the paragraph changed since it was read, or there is nothing to replace', () => {
    const paragraph = paragraphAt(DOC, at(FIRST))!;
    expect(pictureChange(DOC.replace('清晨', '傍晚'), paragraph, PICTURE, 'insert')).toBeNull();
    expect(pictureChange(DOC, paragraph, PICTURE, 'replace')).toBeNull();
  });

  it('is one undo step in the editor', () => {
    view = new EditorView({ parent: document.body, state: EditorState.create({ doc: DOC, extensions: [history()] }) });
    view.focus = () => {};
    view.dispatch({ changes: { from: view.state.doc.length, insert: '补' }, userEvent: 'input.type' });
    const typed = view.state.doc.toString();
    applyChange(view, pictureChange(typed, paragraphAt(typed, at(FIRST))!, PICTURE, 'insert')!);
    expect(view.state.doc.toString()).toContain(`${FIRST}\n\n![咖啡拉花](/media/images/abc)\n\n`);
    undo(view);
    expect(view.state.doc.toString()).toBe(typed);
  });
});

describe('searchText', () => {
  it('drops headings, links and emphasis', () => {
    expect(searchText('## 标题 [链接](http://x) *重点*')).toBe('标题 链接 重点');
  });
});
