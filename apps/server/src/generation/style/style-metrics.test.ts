import { countCjkLength } from '@tianma/shared';
import { describe, expect, it } from 'vitest';
import { measureStyle, referenceExcerpts, sentencesIn, styleDistance, styleNumbersText } from './style-metrics.js';

describe('the measured style profile', () => {
  it('measures sentence and paragraph length with their spread', () => {
    const style = measureStyle('今天下雨了。我没带伞。\n\n雨停之后，我们一起走回家，路上聊了很多小时候的事情。');
    // 今天下雨了。(6) 我没带伞。(5) | 雨停之后，…事情。(26)
    expect(style.sentenceLength).toBeCloseTo((6 + 5 + 26) / 3);
    expect(style.sentenceSpread).toBeGreaterThan(9);
    expect(style.paragraphLength).toBeCloseTo((11 + 26) / 2);
    expect(style.paragraphSpread).toBeCloseTo(7.5);
  });

  it('tells 我, 你/您 and 我们 apart', () => {
    const style = measureStyle('我们先试试。你觉得呢？您也可以。我来吧。');
    const per = 1000 / style.characters;
    expect(style.wePerK).toBeCloseTo(per);
    expect(style.secondPersonPerK).toBeCloseTo(2 * per);
    expect(style.firstPersonPerK).toBeCloseTo(per);
  });

  it('counts questions, exclamations and emoji per 1,000 characters, a run of ？？ or ！！ once', () => {
    const style = measureStyle('真的吗？？太好了！！✨\n\n快来试试🔥🔥');
    const per = 1000 / style.characters;
    expect(style.questionsPerK).toBeCloseTo(per);
    expect(style.exclamationsPerK).toBeCloseTo(per);
    expect(style.emojiPerK).toBeCloseTo(3 * per);
  });

  it('counts headings, numbered or not, and leaves the title, images, tables and the reference list out', () => {
    const markdown = [
      '# 标题不算正文',
      '',
      '## 一、先说结论',
      '',
      '答案很简单，但是做起来难。',
      '',
      '![图](https://example.com/a.png)',
      '',
      '| 甲 | 乙 |',
      '',
      '## 为什么难',
      '',
      '因为习惯难改，所以要慢慢来。但是别放弃。[1]',
      '',
      '## 参考资料',
      '',
      '1. 某某报告，第三章说得很详细很详细',
    ].join('\n');
    const style = measureStyle(markdown);
    // Only the two prose paragraphs, without the marker (joined by a line end, as measured).
    expect(style.characters).toBe(countCjkLength('答案很简单，但是做起来难。\n因为习惯难改，所以要慢慢来。但是别放弃。'));
    expect(style.headingsPerK).toBeCloseTo((2 * 1000) / style.characters);
    expect(style.numberedHeadings).toBe(0.5);
    expect(style.connectives[0]).toBe('但是');
    expect(style.connectives).toEqual(expect.arrayContaining(['因为', '所以']));
  });

  it('keeps closing quotes and citation markers with their sentence', () => {
    expect(sentencesIn('他说：“明天见。”[2] 我点点头。真的吗？！好。')).toEqual(['他说：“明天见。”[2]', '我点点头。', '真的吗？！', '好。']);
  });

  it('is 0 for the same profile, and far for a chatty and a formal text', () => {
    const chatty = measureStyle('我早上起来煮了粥！你试过吗？真的很香！我还煎了蛋。🍳');
    const formal = measureStyle('早餐的营养结构应当均衡，蛋白质与碳水化合物的比例需要根据个人情况进行合理的安排。');
    expect(styleDistance(chatty, chatty)).toBe(0);
    expect(styleDistance(chatty, formal)).toBeGreaterThan(0.5);
    expect(styleDistance(chatty, formal)).toBeLessThanOrEqual(1);
    const alsoChatty = measureStyle('我中午吃了面！你吃了吗？真的很饱！我还喝了汤。🍜');
    expect(styleDistance(chatty, alsoChatty)).toBeLessThan(0.1);
  });

  it('gives two short excerpts and the numbers in words for a prompt', () => {
    const text = ['标题：早起', '', '我开始早起，是因为夜里总是睡不好。后来慢慢习惯了。', '', '## 过程', '', '第二段很短。', '', '第三段讲的是坚持下来以后的变化，身体和心情都好了很多。'].join('\n');
    const excerpts = referenceExcerpts(text, 20);
    expect(excerpts).toEqual(['我开始早起，是因为夜里总是睡不好。', '第三段讲的是坚持下来以后的变化，身体和心情都好了很多。'.slice(0, 20) + '…']);
    const words = styleNumbersText(measureStyle(text));
    expect(words).toMatch(/句长：平均 \d+ 字/u);
    expect(words).toContain('每千字约');
    expect(words).toContain('不编号');
  });
});
