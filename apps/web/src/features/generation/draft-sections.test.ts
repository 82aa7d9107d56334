import { describe, expect, it } from 'vitest';
import { finishedCount, mergeDraft } from './draft-sections';

const section = (index: number, content: string, done = true, total = 4) => ({ index, total, title: `第${index + 1}节标题`, content, done });

describe('mergeDraft', () => {
  it('keeps the draft as it is for details without sections', () => {
    expect(mergeDraft(null, { progress: 40, message: '正在撰写' })).toBeNull();
    const draft = mergeDraft(null, { section: section(1, '正文') });
    expect(mergeDraft(draft, { progress: 50 })).toBe(draft);
    expect(mergeDraft(draft, null)).toBe(draft);
  });

  it('collects sections from events and from the status call, in outline order', () => {
    let draft = mergeDraft(null, { section: section(2, '第三节') });
    draft = mergeDraft(draft, { sections: [section(0, '第一节'), section(3, '第四节')] });
    expect(draft).toEqual({ total: 4, sections: [section(0, '第一节'), section(2, '第三节'), section(3, '第四节')].map(({ total: _t, ...rest }) => rest) });
    expect(finishedCount(draft!)).toBe(3);
  });

  it('lets a growing section grow, and never replaces a finished one by an older partial text', () => {
    let draft = mergeDraft(null, { section: section(0, '先备', false) });
    draft = mergeDraft(draft, { section: section(0, '先备好滤杯', false) });
    expect(draft!.sections[0]).toMatchObject({ content: '先备好滤杯', done: false });
    draft = mergeDraft(draft, { section: section(0, '先备好滤杯和手冲壶。', true) });
    draft = mergeDraft(draft, { section: section(0, '先备好', false) });
    expect(draft!.sections[0]).toMatchObject({ content: '先备好滤杯和手冲壶。', done: true });
  });

  it('ignores what is not a section', () => {
    const odd = [null, 'x', { index: -1, total: 3, title: 'a', content: 'b' }, { index: 5, total: 3, title: 'a', content: 'b' }, { index: 0, total: 3, title: 1, content: 'b' }];
    expect(mergeDraft(null, { section: odd[2], sections: odd })).toBeNull();
    expect(mergeDraft(null, { sections: 'not a list' })).toBeNull();
  });
});
