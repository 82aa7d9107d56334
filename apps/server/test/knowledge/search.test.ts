import { describe, expect, it } from 'vitest';
import { Bm25Index } from '../../src/knowledge/index/bm25.js';
import { chunkDocument } from '../../src/knowledge/index/chunk.js';
import { RRF_K, rankHybrid, reciprocalRankFusion } from '../../src/knowledge/index/rrf.js';
import { topKeywords } from '../../src/knowledge/index/tfidf.js';
import { tokenize } from '../../src/knowledge/index/tokenize.js';

describe('tokenize', () => {
  it('keeps platform words whole: 小红书, 种草, 公众号, 视频号', () => {
    for (const mode of ['search', 'precise'] as const) {
      const tokens = tokenize('小红书种草笔记，公众号爆款，视频号私域带货。', mode);
      expect(tokens, mode).toEqual(expect.arrayContaining(['小红书', '种草', '笔记', '公众号', '爆款', '视频号', '私域', '带货']));
      expect(tokens).not.toContain('小红书种');
    }
  });

  it('drops stop words and punctuation, lower-cases Latin', () => {
    const tokens = tokenize('我们的小红书笔记是这样写的：用 ChatGPT 写了一篇文章！', 'precise');
    expect(tokens).toEqual(['小红书', '笔记', '写', '用', 'chatgpt', '写', '一篇', '文章']);
    for (const stop of ['我们', '的', '是', '这样', '了', '：', '！', ' ']) expect(tokens).not.toContain(stop);
  });

  it('search mode adds the dictionary words inside a long word', () => {
    expect(tokenize('新能源汽车', 'search')).toEqual(expect.arrayContaining(['新能源', '汽车']));
  });
});

const PASSAGES = [
  '小红书种草笔记的标题要短，封面要亮，正文分点写清楚使用感受。',
  '固态电池预计在2027年前后实现小批量装车，能量密度明显高于三元锂电池。',
  '公众号文章的打开率取决于标题和推送时间，私域运营要持续输出干货。',
  '抖音短视频的前三秒决定完播率，直播带货需要提前预热。',
];

describe('BM25', () => {
  const index = Bm25Index.build(PASSAGES.map((text) => tokenize(text)));

  it('ranks the obviously relevant passage first', () => {
    expect(index.search(tokenize('固态电池什么时候装车？'), 3)[0]!.index).toBe(1);
    expect(index.search(tokenize('小红书怎么写种草笔记'), 3)[0]!.index).toBe(0);
    expect(index.search(tokenize('公众号标题 打开率'), 3)[0]!.index).toBe(2);
    expect(index.search(tokenize('直播带货'), 3)[0]!.index).toBe(3);
  });

  it('leaves out passages that share no term, and caps at topK', () => {
    expect(index.search(tokenize('固态电池'), 10).map((hit) => hit.index)).toEqual([1]);
    expect(index.search(tokenize('标题'), 1)).toHaveLength(1);
    expect(index.search([], 5)).toEqual([]);
    expect(index.search(tokenize('完全无关的天气预报'), 5)).toEqual([]);
  });

  it('scores with k1 = 1.2, b = 0.75 (checked by hand on a tiny index)', () => {
    const tiny = Bm25Index.build([['a', 'b'], ['b', 'c', 'c', 'd']]);
    // idf(c) = ln(1 + (2 - 1 + 0.5) / (1 + 0.5)) = ln 2; avgdl 3; doc 1: tf 2, |d| 4.
    const expected = (Math.log(2) * 2 * 2.2) / (2 + 1.2 * (0.25 + (0.75 * 4) / 3));
    const [hit] = tiny.search(['c'], 1);
    expect(hit!.index).toBe(1);
    expect(hit!.score).toBeCloseTo(expected, 12);
  });

  it('survives a round trip through JSON, prototype-like tokens included', () => {
    const docs = [...PASSAGES.map((text) => tokenize(text)), ['constructor', '__proto__', 'tostring']];
    const original = Bm25Index.build(docs);
    const restored = Bm25Index.fromJSON(JSON.parse(JSON.stringify(original)));
    expect(restored.size).toBe(5);
    for (const query of ['固态电池', '小红书 种草', '__proto__', 'constructor']) {
      expect(restored.search(tokenize(query), 5)).toEqual(original.search(tokenize(query), 5));
    }
    expect(restored.search(['__proto__'], 5)[0]!.index).toBe(4);
  });

  it('finds the right chunk of a chunked document', () => {
    const text = `# 运营手册\n\n## 小红书\n\n${'小红书种草笔记要真实，图片要清晰。'.repeat(30)}\n\n## 公众号\n\n${'公众号推送时间建议在晚上八点。'.repeat(30)}`;
    const chunks = chunkDocument(text, { fileName: '手册.md' });
    const chunkIndex = Bm25Index.build(chunks.map((chunk) => tokenize(chunk.text)));
    const [best] = chunkIndex.search(tokenize('公众号几点推送'), 1);
    expect(chunks[best!.index]!.headingPath).toEqual(['运营手册', '公众号']);
  });
});

describe('reciprocal rank fusion', () => {
  it('sums 1 / (k + rank) over the lists, k = 60', () => {
    const fused = reciprocalRankFusion([
      ['a', 'b', 'c'],
      ['c', 'a', 'd'],
    ]);
    expect(RRF_K).toBe(60);
    expect(fused.map((hit) => hit.id)).toEqual(['a', 'c', 'b', 'd']);
    expect(fused[0]!.score).toBeCloseTo(1 / 61 + 1 / 62, 12);
    expect(fused[1]!.score).toBeCloseTo(1 / 63 + 1 / 61, 12);
    expect(fused[3]!.score).toBeCloseTo(1 / 63, 12);
  });

  it('breaks ties by the better single rank, counts a repeat in one list once, and caps at topK', () => {
    const fused = reciprocalRankFusion([
      [1, 2, 2],
      [2, 1],
    ]);
    expect(fused).toHaveLength(2);
    expect(fused[0]!.score).toBeCloseTo(fused[1]!.score, 12);
    expect(fused.map((hit) => hit.id)).toEqual([1, 2]);
    expect(reciprocalRankFusion([[1, 2, 3]], { topK: 2 }).map((hit) => hit.id)).toEqual([1, 2]);
  });

  it('hybrid ranking: BM25 alone without vectors, fused when they exist', () => {
    const lexical = [{ index: 3 }, { index: 1 }, { index: 2 }];
    expect(rankHybrid(lexical, undefined, 2)).toEqual([3, 1]);
    expect(rankHybrid(lexical, [], 5)).toEqual([3, 1, 2]);
    expect(rankHybrid(lexical, [{ index: 1 }, { index: 7 }, { index: 3 }], 3)).toEqual([1, 3, 7]);
  });
});

describe('topKeywords', () => {
  it('weights the subject of a text above common words, without stop words or numbers', () => {
    const text = '小红书种草笔记怎么写？小红书种草笔记的标题、封面和正文都很重要。2024年，小红书的种草笔记越来越多，我们要写出真实的体验。';
    const keywords = topKeywords(text, 5);
    expect(keywords).toHaveLength(5);
    expect(keywords.map((k) => k.keyword)).toEqual(expect.arrayContaining(['小红书', '种草', '笔记']));
    for (const { keyword } of topKeywords(text, 50)) {
      expect(['我们', '的', '2024', '年', '怎么'].includes(keyword), keyword).toBe(false);
    }
    expect(keywords.map((k) => k.weight)).toEqual([...keywords.map((k) => k.weight)].sort((a, b) => b - a));
    expect(topKeywords('', 5)).toEqual([]);
  });
});

describe('Bm25Index.scoreOutside', () => {
  it('scores a document outside the index on the index’s scale, as if it were one more of its documents', () => {
    const docs = [['猫', '窗台'], ['咖啡', '滤杯'], ['雨', '街道'], ['猫', '猫粮']];
    const index = Bm25Index.build(docs);
    const inside = index.search(['咖啡'], 1)[0]!.score;
    const outside = index.scoreOutside(['咖啡'], ['咖啡', '滤杯']);
    // One more document holding 咖啡: a little more common, so a little lower, but on the same scale.
    expect(outside).toBeGreaterThan(inside * 0.7);
    expect(outside).toBeLessThanOrEqual(inside);
    expect(index.scoreOutside(['咖啡'], ['雪山'])).toBe(0);
    // A term the index has never seen is rare: it weighs more than a common one.
    expect(index.scoreOutside(['茶园'], ['茶园'])).toBeGreaterThan(index.scoreOutside(['猫'], ['猫']));
  });
});
