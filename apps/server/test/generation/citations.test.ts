import { describe, expect, it } from 'vitest';
import type { Material } from '../../src/generation/agents/types.js';
import { dropDanglingMarkers, finalizeCitations, referenceList, renumberCitations } from '../../src/generation/citations.js';

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

  it('gives one number to one web page found under two ids (tracking parameters, fragment, trailing slash)', () => {
    const a = { ...material('a'), url: 'https://www.example.cn/post/1/?utm_source=x#top' };
    const b = { ...material('b'), url: 'https://example.cn/post/1' };
    const { sections, references } = renumberCitations([
      { markdown: '甲[1]。', sources: [a] },
      { markdown: '乙[1]。丙[1][1]。', sources: [b] },
    ]);
    expect(sections).toEqual(['甲[1]。', '乙[1]。丙[1]。']);
    expect(references).toEqual([a]);
  });

  it('leaves text without markers and without sources alone', () => {
    expect(renumberCitations([{ markdown: '纯文本。', sources: [] }])).toEqual({ sections: ['纯文本。'], references: [] });
  });
});

describe('referenceList', () => {
  it('lists web sources as links and knowledge chunks by file name and place', () => {
    expect(referenceList([material('a'), { ...material('k', 'knowledge'), title: '电池.md', position: '第 3 段 · 动力电池手册 > 日常使用' }])).toBe(
      '## 参考资料\n\n1. [资料a](https://example.cn/a)\n2. 《电池.md》第 3 段 · 动力电池手册 > 日常使用（知识库）\n',
    );
    expect(referenceList([])).toBe('');
  });

  it('checks a finished article: dangling markers go, a source listed twice is merged, uncited sources leave, numbers follow first use', () => {
    const a = material('a');
    const twin = { ...material('a2'), url: a.url };
    const unused = material('u');
    const k = material('k', 'knowledge');
    const { markdown, references } = finalizeCitations('先说[4]，再说[2]，又说[1]，还有[9]和链接[1](https://x.cn)。', [a, twin, unused, k]);
    expect(markdown).toBe('先说[1]，再说[2]，又说[2]，还有和链接[1](https://x.cn)。');
    expect(references).toEqual([k, a]);
  });

  it('drops dangling markers', () => {
    expect(dropDanglingMarkers('甲[1]乙[2]丙[0]', 1)).toBe('甲[1]乙丙');
  });
});
