import { describe, expect, it } from 'vitest';
import { parseTopic } from '../../topic/parse-topic.js';
import { avoidedWords } from '../../topic/avoided-words.js';
import { removeAvoidedWords } from './avoid-words.js';

const wordsOf = (topic: string) => avoidedWords(parseTopic(topic).constraints);

describe('avoidedWords', () => {
  it('cuts a run of connectives into its words', () => {
    expect(wordsOf('写一篇关于秋天的散文，不要出现首先其次最后')).toEqual(['首先', '其次', '最后']);
  });

  it('keeps quoted and listed words whole and drops single characters', () => {
    expect(wordsOf('介绍一下我们的新产品，不要出现“赋能”“抓手”')).toEqual(['赋能', '抓手']);
    expect(wordsOf('写读书笔记，避免网络用语和表情包')).toEqual(['网络用语', '表情包']);
    expect(wordsOf('写职场沟通技巧，不要出现太多专业术语')).toEqual(['专业术语']);
    expect(wordsOf('写一篇关于战争的散文，不要出现和平')).toEqual(['和平']);
  });

  it('leaves a way of writing to the model: only named words are struck', () => {
    expect(wordsOf('解释什么是指数基金定投，不要推荐具体产品')).toEqual([]);
    expect(wordsOf('写职场沟通技巧，不要太多专业术语')).toEqual([]);
    expect(wordsOf('给家长写封信，不要说教')).toEqual(['说教']);
  });

  it('finds nothing in a request without an avoid constraint', () => {
    expect(wordsOf('如何给三岁孩子挑选绘本')).toEqual([]);
    expect(wordsOf('你是美食博主，写一篇早餐攻略，要引用古诗词')).toEqual([]);
  });
});

describe('removeAvoidedWords', () => {
  const article = ['# 秋天', '', '首先，秋天的风变凉了。街边的银杏黄了。最后我们回家。', '', '## 最后的话', '', '> 最后一句是引文。', '', '- 其次，带上外套。', '- 记得喝水。'].join('\n');

  it('drops a leading connective with its comma and any other sentence with the word', () => {
    const out = removeAvoidedWords(article, ['首先', '其次', '最后']);
    expect(out).toContain('秋天的风变凉了。街边的银杏黄了。');
    expect(out).not.toContain('首先');
    expect(out).not.toContain('我们回家');
    expect(out).toContain('- 带上外套。');
  });

  it('keeps headings and quoted material as written', () => {
    const out = removeAvoidedWords(article, ['最后']);
    expect(out).toContain('## 最后的话');
    expect(out).toContain('> 最后一句是引文。');
  });

  it('removes a paragraph that has nothing left and changes nothing without words', () => {
    expect(removeAvoidedWords('前言。\n\n赋能一切。\n\n结尾。', ['赋能'])).toBe('前言。\n\n结尾。');
    expect(removeAvoidedWords(article, [])).toBe(article);
  });
});
