import { describe, expect, it } from 'vitest';
import { contentProblem, editorTitle } from './editor-text';

describe('editor text rules', () => {
  it('takes the title from the first level-1 heading', () => {
    expect(editorTitle('前言\n\n# 春季**护肤**指南\n\n## 第一步')).toBe('春季护肤指南');
    expect(editorTitle('## 只有二级标题')).toBe('无标题');
    expect(editorTitle('')).toBe('无标题');
  });

  it('refuses empty and over-long content', () => {
    expect(contentProblem('  \n ')).toBe('内容不能为空');
    expect(contentProblem('正文')).toBeNull();
    expect(contentProblem('字'.repeat(100_001))).toBe('内容不能超过100000个字符');
    expect(contentProblem('字'.repeat(100_000))).toBeNull();
  });
});
