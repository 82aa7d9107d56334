import { describe, expect, it } from 'vitest';
import { diffTexts } from './version-diff';

const marked = (before: string, after: string) =>
  diffTexts(before, after)
    .parts.map((part) => (part.kind === 'added' ? `[+${part.text}]` : part.kind === 'removed' ? `[-${part.text}]` : part.text))
    .join('');

describe('diffTexts', () => {
  it('marks changed Chinese words as wholes, keeps the rest, and counts characters', () => {
    const before = '春天来了，皮肤容易干燥。我们需要多喝水。';
    const after = '春天来了，肌肤容易缺水。我们需要多喝水，坚持使用保湿霜。';
    const diff = diffTexts(before, after);
    const text = marked(before, after);
    expect(text).toContain('[-皮肤][+肌肤]');
    expect(text).toContain('[-干燥][+缺水]');
    expect(text.startsWith('春天来了，')).toBe(true);
    // Both sides can be read back from the parts.
    expect(diff.parts.filter((part) => part.kind !== 'added').map((part) => part.text).join('')).toBe(before);
    expect(diff.parts.filter((part) => part.kind !== 'removed').map((part) => part.text).join('')).toBe(after);
    expect(diff.added).toBeGreaterThan(diff.removed);
  });

  it('answers one unchanged part and no counts for equal texts', () => {
    expect(diffTexts('# 标题\n\n正文。', '# 标题\n\n正文。')).toEqual({ parts: [{ kind: 'same', text: '# 标题\n\n正文。' }], added: 0, removed: 0 });
  });

  it('does not count whitespace as changed characters', () => {
    const diff = diffTexts('第一段。', '第一段。\n\n新段落');
    expect(diff.added).toBe(3);
    expect(diff.removed).toBe(0);
  });
});
