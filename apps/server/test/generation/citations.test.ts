import { describe, expect, it } from 'vitest';
import type { Material } from '../../src/generation/agents/types.js';
import { dropDanglingMarkers, referenceList, renumberCitations } from '../../src/generation/citations.js';

const material = (id: string, source: Material['source'] = 'web'): Material => ({ id, source, title: `资料${id}`, url: source === 'web' ? `https://example.cn/${id}` : undefined, content: '…' });

describe('renumberCitations', () => {
  it('numbers sources globally in order of first citation and reuses a number for the same source', () => {
    const a = material('a');
    const b = material('b');
    const c = material('c', 'knowledge');
    const { sections, references } = renumberCitations([
      { markdown: '第一节引用[1]和[2]。', sources: [a, b] },
      { markdown: '第二节先引[2]再引[1]。', sources: [c, a] },
    ]);
    expect(sections).toEqual(['第一节引用[1]和[2]。', '第二节先引[1]再引[3]。']);
    expect(references.map((ref) => ref.id)).toEqual(['a', 'b', 'c']);
  });

  it('drops a marker that has no source', () => {
    const { sections, references } = renumberCitations([{ markdown: '没有来源[3]的说法[1]。', sources: [material('x')] }]);
    expect(sections).toEqual(['没有来源的说法[1]。']);
    expect(references).toHaveLength(1);
  });

  it('leaves text without markers and without sources alone', () => {
    expect(renumberCitations([{ markdown: '纯文本。', sources: [] }])).toEqual({ sections: ['纯文本。'], references: [] });
  });
});

describe('referenceList', () => {
  it('lists web sources as links and knowledge chunks by title', () => {
    expect(referenceList([material('a'), material('k', 'knowledge')])).toBe(
      '## 参考资料\n\n1. [资料a](https://example.cn/a)\n2. 资料k（知识库）\n',
    );
    expect(referenceList([])).toBe('');
  });

  it('drops dangling markers', () => {
    expect(dropDanglingMarkers('甲[1]乙[2]丙[0]', 1)).toBe('甲[1]乙丙');
  });
});
