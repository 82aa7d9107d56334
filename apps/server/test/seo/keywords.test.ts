import { describe, expect, it } from 'vitest';
import { parseKeywordAnswer } from '../../src/seo/model-keywords.js';
import { offlineKeywords } from '../../src/seo/offline-keywords.js';
import { PLATFORM_TERMS } from '../../src/seo/platform-terms.js';
import { recommendKeywords } from '../../src/seo/recommend-keywords.js';
import type { ChatRequest, LlmPort } from '../../src/providers/llm/llm-port.js';
import { LlmError, NO_USAGE } from '../../src/providers/llm/llm-port.js';

const shapeOk = (keywords: string[]) => {
  expect(keywords.length).toBeGreaterThanOrEqual(8);
  expect(keywords.length).toBeLessThanOrEqual(10);
  expect(new Set(keywords.map((keyword) => keyword.toLowerCase())).size).toBe(keywords.length);
  for (const keyword of keywords) expect([...keyword].length).toBeGreaterThanOrEqual(2);
  for (const keyword of keywords) expect([...keyword].length).toBeLessThanOrEqual(12);
};

describe('offline keywords', () => {
  it('puts the topic’s own phrases first, then the platform’s search words', () => {
    const keywords = offlineKeywords({ topic: '中小企业数字化转型指南', platform: 'xiaohongshu' });
    shapeOk(keywords);
    expect(keywords[0]).toBe('数字化转型');
    expect(keywords).toEqual(expect.arrayContaining(['中小企业', '数字化转型攻略', '数字化转型干货']));
    // The format word of the topic (指南) is not suggested on its own ahead of the subject.
    expect(keywords.slice(0, 5)).not.toContain('指南');
  });

  it('follows the platform and the industry', () => {
    const zhihu = offlineKeywords({ topic: '大学生如何高效备考英语四级', platform: 'zhihu', industry: 'education' });
    shapeOk(zhihu);
    expect(zhihu[0]).toBe('英语四级');
    expect(zhihu).toEqual(expect.arrayContaining(['英语四级经验', '学习方法']));
    const wechat = offlineKeywords({ topic: '劳动合同纠纷怎么处理', platform: '微信公众号', industry: '法律' });
    shapeOk(wechat);
    expect(wechat).toEqual(expect.arrayContaining(['劳动合同纠纷', '劳动合同纠纷指南', '法律咨询']));
    const custom = offlineKeywords({ topic: '亚马逊选品技巧', platform: 'wechat', industry: '跨境电商' });
    expect(custom).toContain('跨境电商');
  });

  it('keeps Latin words as written and fills a one-word topic up to eight', () => {
    // The subject as written, then its words by specificity (jieba IDF): 数据分析 before Python.
    expect(offlineKeywords({ topic: 'Python 数据分析入门教程', platform: 'zhihu' }).slice(0, 3)).toEqual(['Python 数据分析', '数据分析', 'Python']);
    const short = offlineKeywords({ topic: '写作', platform: 'wechat' });
    shapeOk(short);
    expect(short[0]).toBe('写作');
  });

  it('is deterministic', () => {
    const request = { topic: '新手妈妈如何挑选婴儿推车', platform: 'xiaohongshu', industry: 'unlimited', audience: 'consumer' };
    expect(offlineKeywords(request)).toEqual(offlineKeywords({ ...request }));
  });
});

describe('reading a model’s keyword answer', () => {
  it('accepts an object, a bare array, a fenced block and text around the JSON', () => {
    expect(parseKeywordAnswer('{"keywords":["英语四级","备考"]}')).toEqual(['英语四级', '备考']);
    expect(parseKeywordAnswer('["英语四级", "#备考计划", "1. 四级真题"]')).toEqual(['英语四级', '备考计划', '四级真题']);
    expect(parseKeywordAnswer('```json\n{"keywords": ["「英语四级」"]}\n```')).toEqual(['英语四级']);
    expect(parseKeywordAnswer('好的，关键词如下：{"data": {"keywords": ["英语四级"]}} 希望有帮助')).toEqual(['英语四级']);
  });

  it('gives nothing for an answer without a keyword list', () => {
    expect(parseKeywordAnswer('英语四级、备考计划')).toEqual([]);
    expect(parseKeywordAnswer('{"keywords": "英语四级"}')).toEqual([]);
    expect(parseKeywordAnswer('{"keywords": [1, null, ""]}')).toEqual([]);
  });
});

function scriptedModel(answer: () => string): LlmPort & { requests: ChatRequest[] } {
  const requests: ChatRequest[] = [];
  return {
    name: 'scripted',
    requests,
    chat: async (request) => {
      requests.push(request);
      return { text: answer(), usage: NO_USAGE, model: 'm', calls: 1, continued: false };
    },
  };
}

describe('recommendKeywords', () => {
  const request = { topic: '大学生如何高效备考英语四级', platform: 'zhihu', industry: 'education', audience: 'student' };

  it('uses the model’s keywords, cleaned and capped at ten, and asks with the platform and audience', async () => {
    const model = scriptedModel(() => JSON.stringify({ keywords: ['英语四级', '英语四级', '四级备考', '这个关键词实在是太长了超过十二个字', ...'abcdefghij'.split('').map((c) => `四级${c}`)] }));
    const result = await recommendKeywords(request, { llm: model });
    expect(result.source).toBe('model');
    expect(result.keywords).toEqual(['英语四级', '四级备考', '四级a', '四级b', '四级c', '四级d', '四级e', '四级f', '四级g', '四级h']);
    const prompt = model.requests[0]!.messages.map((message) => message.content).join('\n');
    expect(prompt).toContain('大学生如何高效备考英语四级');
    expect(prompt).toContain('知乎');
    expect(prompt).toContain('学生党');
    expect(model.requests[0]).toMatchObject({ purpose: 'keywords', json: true });
  });

  it('tops a short model answer up from the offline list', async () => {
    const result = await recommendKeywords(request, { llm: scriptedModel(() => '{"keywords":["四级真题","四级听力","四级作文"]}') });
    expect(result.keywords.slice(0, 3)).toEqual(['四级真题', '四级听力', '四级作文']);
    expect(result.keywords.length).toBe(8);
  });

  it('tops up with offline keywords longer than twelve raw characters (MacBook Air M5经验)', async () => {
    const result = await recommendKeywords({ topic: 'MacBook Air M5 适合大学生吗', platform: 'zhihu' }, { llm: scriptedModel(() => '{"keywords":["大学生笔记本","学生电脑","轻薄本"]}') });
    expect(result.keywords.length).toBe(8);
    expect(result.keywords).toContain('MacBook Air M5');
  });

  it('falls back to the offline method when the model fails or answers nonsense', async () => {
    const offline = offlineKeywords(request);
    const failures: unknown[] = [];
    const failing: LlmPort = {
      name: 'failing',
      chat: async () => {
        throw new LlmError('SERVER_ERROR', 'boom');
      },
    };
    for (const llm of [failing, scriptedModel(() => '抱歉，我不能回答'), scriptedModel(() => '{"keywords":["四级"]}')]) {
      expect(await recommendKeywords(request, { llm, onModelFailure: (error) => failures.push(error) })).toEqual({ keywords: offline, source: 'offline' });
    }
    expect(failures).toHaveLength(3);
    expect(await recommendKeywords(request)).toEqual({ keywords: offline, source: 'offline' });
  });

  it('has search words for every platform', () => {
    for (const terms of Object.values(PLATFORM_TERMS)) expect(terms.suffixes.length).toBeGreaterThanOrEqual(2);
  });
});
