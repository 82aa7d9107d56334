import { describe, expect, it } from 'vitest';
import type { Material } from '../../src/generation/agents/types.js';
import { pickFresh } from '../../src/generation/stages/knowledge-research.js';

const passage = (id: string): Material => ({ id, source: 'knowledge', title: '电池.md', content: '…' });

describe('pickFresh', () => {
  it('gives each section passages no earlier section got, while the retriever has others', () => {
    const given = new Set<string>();
    const ranked = ['a', 'b', 'c', 'd', 'e'].map(passage);
    expect(pickFresh(ranked, given, 2).map((p) => p.id)).toEqual(['a', 'b']);
    expect(pickFresh(ranked, given, 2).map((p) => p.id)).toEqual(['c', 'd']);
    expect(pickFresh(ranked, given, 2).map((p) => p.id)).toEqual(['e']);
  });

  it('reuses the best passage only when every one was given', () => {
    const given = new Set(['a', 'b']);
    expect(pickFresh(['a', 'b'].map(passage), given, 3).map((p) => p.id)).toEqual(['a']);
    expect(pickFresh(['a'].map(passage), given, 0)).toEqual([]);
  });
});
