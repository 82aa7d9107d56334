import { describe, expect, it } from 'vitest';
import { readArticle, sentencesOf } from './article-text.js';
import { checkCitations, lineKind } from './citations-check.js';
import { lengthScore } from './length-score.js';
import { crossArticleReuse, maskTopicWords, sameBriefOverlap, withinArticleRepetition } from './repetition.js';
import { measureStyle, styleDistance } from './style-distance.js';
import { checkTopicIntegrity, cutTopicSegments, frameHits } from './topic-integrity.js';

describe('article text', () => {
  it('reads the title, the headings and the body without markers, images and the reference list', () => {
    const article = readArticle('# 标题\n\n![图](/a.png)\n\n## 第一节\n\n正文里的一句话，引自资料[1]。\n\n## 参考资料\n\n1. 《报告》（知识库）\n');
    expect(article).toEqual({ title: '标题', headings: ['第一节'], body: '第一节\n\n正文里的一句话，引自资料。', references: ['《报告》（知识库）'] });
  });

  it('splits sentences on 。！？ and keeps those of at least 10 CJK characters', () => {
    expect(sentencesOf('短句。这一句有足足十个汉字吧！MacBook 只有七个汉字吗？')).toEqual(['这一句有足足十个汉字吧！']);
  });
});

describe('repetition within an article', () => {
  it('is the share of sentences that occurred earlier in the same article', () => {
    const body = '先把目标写在纸上再开始做。每天留出固定的二十分钟。先把目标写在纸上再开始做！周末再回头检查一遍进度。';
    const result = withinArticleRepetition(body);
    expect(result).toMatchObject({ sentences: 4, repeated: 1, share: 0.25 });
    expect(withinArticleRepetition('').share).toBe(0);
  });
});

describe('reuse across articles', () => {
  it('masks topic words first, so one frame filled with two topics counts as one sentence', () => {
    expect(maskTopicWords('说到 MacBook Air M5，很多人第一反应是贵。', ['macbook air m5'])).toBe('说到 □，很多人第一反应是贵。');
    const result = crossArticleReuse([
      { id: 'a', body: '说到夜跑，很多人第一反应是太累了。这是夜跑独有的一句话而已。', topicWords: ['夜跑'] },
      { id: 'b', body: '说到绘本，很多人第一反应是太累了。挑绘本要看孩子自己的兴趣。', topicWords: ['绘本'] },
      { id: 'c', body: '完全不同的一篇文章里只有这一句话。', topicWords: ['别的'] },
    ]);
    expect(result.perArticle.map((entry) => entry.reused)).toEqual([1, 1, 0]);
    expect(result.share).toBeCloseTo(2 / 5);
    expect(result.examples).toEqual([{ sentence: '说到□，很多人第一反应是太累了', articles: 2 }]);
  });

  it('does not count what two briefs about the same subject both say', () => {
    const result = crossArticleReuse([
      { id: 'a', body: '内存和屏幕的大小更影响写代码的效率。这是第一篇独有的一句话。', topicWords: ['MacBook Air M5', '大学生'] },
      { id: 'b', body: '内存和屏幕的大小更影响写代码的效率。这是第二篇独有的一句话。', topicWords: ['macbook air m5', '续航'] },
      { id: 'c', body: '内存和屏幕的大小更影响写代码的效率。这是第三篇独有的一句话。', topicWords: ['绘本'] },
    ]);
    // a and b are related (MacBook Air M5); each still shares the sentence with the unrelated c.
    expect(result.perArticle.map((entry) => entry.reused)).toEqual([1, 1, 1]);
    const pair = crossArticleReuse([
      { id: 'a', body: '内存和屏幕的大小更影响写代码的效率。', topicWords: ['MacBook Air M5'] },
      { id: 'b', body: '内存和屏幕的大小更影响写代码的效率。', topicWords: ['MacBook Air M5', '续航'] },
    ]);
    expect(pair.reused).toBe(0);
  });

  it('tells the same brief written twice apart: identical, or the share of sentences shared', () => {
    const text = '第一句话写得足够长一些。第二句话也写得足够长。';
    expect(sameBriefOverlap(text, text)).toEqual({ identical: true, sharedSentenceShare: 1 });
    expect(sameBriefOverlap(text, '第一句话写得足够长一些。换了一句完全不同的话。')).toEqual({ identical: false, sharedSentenceShare: 0.5 });
  });
});

describe('length score S_l (LongBench-Write)', () => {
  it('is 100 on target, falls by a third of the overshoot ratio and half of the shortfall ratio', () => {
    expect(lengthScore(1000, 1000)).toBe(100);
    expect(lengthScore(1000, 1300)).toBeCloseTo(90);
    expect(lengthScore(1000, 4000)).toBe(0);
    expect(lengthScore(1000, 800)).toBeCloseTo(87.5);
    expect(lengthScore(1000, 250)).toBe(0);
    expect(lengthScore(1000, 0)).toBe(0);
    expect(() => lengthScore(0, 10)).toThrow(RangeError);
  });
});

describe('citations', () => {
  const source = {
    title: '报告.docx',
    content: '# 2024年新能源汽车行业研究报告\n\n## 一、市场概况\n\n2024年，中国新能源汽车销量达到1286.6万辆，同比增长35.5%。\n\n| 比亚迪 | 427 | 41% |\n\n- 宁德时代：麒麟电池，能量密度255Wh/kg',
  };

  it('finds a list item of a source pasted into the article without a marker', () => {
    const markdown = '# 题\n\n宁德时代：麒麟电池，能量密度255Wh/kg，这是一项进步。\n';
    expect(checkCitations(markdown, [source])).toMatchObject({ markers: 0, structureQuoted: ['- 宁德时代：麒麟电池，能量密度255Wh/kg'], valid: false });
  });

  it('reads a source line as a heading, a table row, a list item or a sentence', () => {
    expect(['# 标题', '| a | b |', '- 要点一', '1. 第一步', '一、市场概况', '这是一句完整的话，有标点。'].map(lineKind)).toEqual(['heading', 'table_row', 'list_item', 'list_item', 'heading', 'sentence']);
  });

  it('passes an article whose markers all resolve to distinct sources and quote sentences once', () => {
    const markdown = '# 题\n\n资料写道：“2024年，中国新能源汽车销量达到1286.6万辆”[1]。\n\n## 参考资料\n\n1. 报告（知识库）\n';
    expect(checkCitations(markdown, [source])).toMatchObject({ markers: 1, matched: 1, listed: 1, valid: true });
  });

  it('finds unresolved markers, sources listed twice, cited headings and table rows, and a sentence used twice', () => {
    const markdown = [
      '# 题',
      '资料写道：“2024年，中国新能源汽车销量达到1286.6万辆，同比增长35.5%”[1]。',
      '另一处也说：“2024年，中国新能源汽车销量达到1286.6万辆，同比增长35.5%”[2]。',
      '报告提到“一、市场概况”[1]。表格里写着“比亚迪 427 41%”[2]。还有[3]。',
      '## 参考资料',
      '1. 报告（知识库）',
      '2. 报告（知识库）',
    ].join('\n\n');
    const result = checkCitations(markdown, [source]);
    expect(result.valid).toBe(false);
    expect(result.unresolved.map((p) => p.marker)).toEqual([3]);
    expect(result.duplicateSources).toEqual(['报告（知识库）']);
    expect(result.structureCited.map((p) => p.problem)).toEqual(['heading', 'table_row']);
    expect(result.structureQuoted).toEqual(['| 比亚迪 | 427 | 41% |']);
    expect(result.reusedSourceSentences).toEqual([{ sentence: '2024年，中国新能源汽车销量达到1286.6万辆，同比增长35.5%。', times: 2 }]);
  });
});

describe('topic integrity', () => {
  it('flags frames filled with a slot of the wrong kind, and leaves well-formed ones alone', () => {
    const kinds = (line: string) => frameHits(line).map((hit) => hit.kind);
    expect(kinds('把用碎片时间坚持阅读做好')).toEqual(['wrong_slot']);
    expect(kinds('关于你是写公众号情感文章，我想说的一些话')).toContain('wrong_slot');
    expect(kinds('MacBook Air M5 适合大学生吗的三个误区')).toEqual(['wrong_slot', 'question_cut']);
    expect(kinds('新能源汽车值不｜真心推荐')).toEqual(['question_cut']);
    expect(kinds('预制菜行业行业分析')).toEqual(['doubled_word']);
    expect(kinds('把早餐做好')).toEqual([]);
    expect(kinds('关于如何挑选绘本，我想说几句。')).toEqual([]);
    expect(kinds('一步一步来，做着做着就会了。')).toEqual([]);
    expect(kinds('锅里的水又开了，咕嘟咕嘟地响，我们商量商量再走。')).toEqual([]);
    expect(kinds('MacBook Air M5 适合大学生吗？')).toEqual([]);
  });

  it('catches every broken line that issue 16 quotes', () => {
    const lines = [
      '把人去日本旅行做好',
      '把用碎片时间坚持阅读做好',
      '把面向普通购车者做好，这几步就够了',
      '关于你是写公众号情感文章，我想说的一些话',
      '关于200字，我想说的一些话',
      '把请根据以下要求优化做好，这几步就够了',
      '关于不要出现首先其次最后，我想说点不一样的',
      '那些与三是作为主要情节有关的日子',
      '新能源汽车行业行业分析',
      '值不｜用了都说好✨',
    ];
    expect(lines.filter((line) => frameHits(line).length === 0)).toEqual([]);
  });

  it('finds a title segment cut out of the topic mid-phrase', () => {
    expect(cutTopicSegments('第一次养猫要准备｜手把手教你🍀', '第一次养猫要准备什么')).toEqual(['第一次养猫要准备']);
    expect(cutTopicSegments('睡眠监测准不准｜涨知识了', '智能手表的睡眠监测准不准')).toEqual([]);
  });

  it('checks key terms in the title and text, and the instruction words that reached the article', () => {
    const result = checkTopicIntegrity({
      topic: '请以“城市的夜晚”为题，写一篇800字左右的散文，不要用排比句',
      keyTerms: ['城市的夜晚'],
      instruction: true,
      title: '我和不要用排比句的故事',
      headings: [],
      body: '城市的夜晚很安静。这篇800字的散文写给你。',
    });
    expect(result.subjectInTitle).toBe(false);
    expect(result.missingInText).toEqual([]);
    expect(result.hits.map((hit) => `${hit.kind}:${hit.rule}`)).toEqual(expect.arrayContaining(['instruction_word:不要用', 'instruction_word:800字']));
    expect(result.brokenLines).toEqual(['我和不要用排比句的故事']);
  });
});

describe('style distance', () => {
  it('measures sentence and paragraph length, person, questions, exclamations and emoji', () => {
    const style = measureStyle('我今天早起了。你呢？\n\n真好！🍳');
    // Lengths as countCjkLength counts them: full-width punctuation counts one, emoji nothing.
    expect(style.sentenceLength).toBeCloseTo((7 + 3 + 3) / 3);
    expect(style.paragraphLength).toBeCloseTo((10 + 3) / 2);
    expect(style.firstPersonPerK).toBeCloseTo(1000 / 13);
    expect(style.emojiPerK).toBeGreaterThan(0);
  });

  it('is 0 for the same profile and grows as the profiles part', () => {
    const chatty = measureStyle('我早上起来煮了粥！你试过吗？真的很香！我还煎了蛋。🍳');
    const formal = measureStyle('早餐的营养结构应当均衡，蛋白质与碳水化合物的比例需要根据个人情况进行合理的安排。');
    expect(styleDistance(chatty, chatty)).toBe(0);
    expect(styleDistance(chatty, formal)).toBeGreaterThan(0.5);
    expect(styleDistance(chatty, formal)).toBeLessThanOrEqual(1);
  });
});
