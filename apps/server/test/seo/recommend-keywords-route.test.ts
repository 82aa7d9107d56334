import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYWORDS_ROLE } from '../../src/seo/model-keywords.js';
import { offlineKeywords } from '../../src/seo/offline-keywords.js';
import { PLATFORM_TERMS } from '../../src/seo/platform-terms.js';
import { lastUserMessage, type OpenAiFake, startOpenAiFake } from '../fakes/openai-fake-server.js';
import { freshIp, post } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { makePro, signedInProUser, signedInUser } from '../helpers/billing.js';

const URL = '/api/v1/seo/recommend-keywords';
const TOPIC = '中小企业数字化转型指南';

const ask = (t: TestApp, body: unknown, cookie?: string, ip = freshIp()) => post(t, URL, body, cookie, { 'x-forwarded-for': ip });

describe('POST /api/v1/seo/recommend-keywords without a model (offline)', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
    cookie = (await signedInProUser(t)).cookie;
  });
  afterAll(() => t.close());

  it('is for signed-in users', async () => {
    const res = await ask(t, { topic: TOPIC });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, message: '请先登录' });
  });

  it('needs a topic', async () => {
    for (const body of [{ topic: '   ' }, {}, { topic: 42 }]) {
      const res = await ask(t, body, cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: '请输入文章主题' });
    }
    const long = await ask(t, { topic: TOPIC, platform: '小'.repeat(51) }, cookie);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('发布平台不能超过50个字');
  });

  it('answers with the topic’s words and the platform’s search words, the same every time', async () => {
    const body = { topic: TOPIC, platform: 'xiaohongshu', industry: 'it', audience: 'worker' };
    const res = await ask(t, body, cookie);
    expect(res.statusCode).toBe(200);
    const { success, data } = res.json() as { success: boolean; data: { keywords: string[] } };
    expect(success).toBe(true);
    expect(data.keywords.length).toBeGreaterThanOrEqual(8);
    expect(data.keywords.length).toBeLessThanOrEqual(10);
    expect(data.keywords[0]).toBe('数字化转型');
    expect(data.keywords).toEqual(expect.arrayContaining(['中小企业', '数字化']));
    const platformWords = [...PLATFORM_TERMS.xiaohongshu.suffixes, ...PLATFORM_TERMS.xiaohongshu.standalone];
    expect(data.keywords.some((keyword) => platformWords.some((word) => keyword.includes(word)))).toBe(true);
    expect((await ask(t, body, cookie)).json().data.keywords).toEqual(data.keywords);
    expect(data.keywords).toEqual(offlineKeywords(body));

    const zhihu = (await ask(t, { ...body, platform: 'zhihu' }, cookie)).json().data.keywords as string[];
    expect(zhihu).not.toEqual(data.keywords);
    expect(zhihu.some((keyword) => PLATFORM_TERMS.zhihu.suffixes.some((word) => keyword.endsWith(word)))).toBe(true);
  });

  it('limits each address to 30 requests a minute', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i += 1) expect((await ask(t, { topic: '写作' }, cookie, ip)).statusCode).toBe(200);
    const limited = await ask(t, { topic: '写作' }, cookie, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false });
  });
});

describe('POST /api/v1/seo/recommend-keywords with a model', () => {
  let t: TestApp;
  let fake: OpenAiFake;
  let cookie: string;

  beforeAll(async () => {
    fake = await startOpenAiFake();
    t = await createTestApp({ TRUST_PROXY: 'true', LLM_BASE_URL: fake.url, LLM_API_KEY: 'sk-test-keywords', LLM_MODEL: 'fake-writer' });
    cookie = (await signedInProUser(t)).cookie;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const MODEL_KEYWORDS = ['数字化转型', '中小企业数字化', '企业数字化方案', '数字化转型案例', 'ERP选型', '数字化工具', '降本增效', '转型指南'];

  it('is Pro only: a basic user gets 403, code 1006 and 权限不足, and no model is asked', async () => {
    const basic = await signedInUser(t);
    const asked = fake.requests.length;
    const res = await ask(t, { topic: TOPIC, platform: 'wechat' }, basic.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      success: false,
      msg: '权限不足：SEO关键词推荐仅对Pro用户开放，请升级您的账户',
      message: '权限不足：SEO关键词推荐仅对Pro用户开放，请升级您的账户',
      code: 1006,
    });
    expect(fake.requests.length).toBe(asked);
    // Once the month is paid, the same user is answered.
    await makePro(t, basic.username);
    fake.enqueue({ text: JSON.stringify({ keywords: MODEL_KEYWORDS }), finishReason: 'stop' });
    expect((await ask(t, { topic: TOPIC, platform: 'wechat' }, basic.cookie)).json()).toEqual({ success: true, data: { keywords: MODEL_KEYWORDS } });
  });

  it('returns the model’s keywords', async () => {
    fake.enqueue({ text: JSON.stringify({ keywords: MODEL_KEYWORDS }), finishReason: 'stop' });
    const res = await ask(t, { topic: TOPIC, platform: 'wechat', industry: 'custom', audience: '小企业老板' }, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { keywords: MODEL_KEYWORDS } });
    const request = fake.requests.at(-1)!;
    expect(request.body?.messages?.[0]?.content).toContain(KEYWORDS_ROLE);
    expect(lastUserMessage(request)).toContain(TOPIC);
    expect(lastUserMessage(request)).toContain('微信公众号');
    expect(lastUserMessage(request)).toContain('小企业老板');
  });

  it('falls back to the offline keywords when the model’s answer is broken or the model fails', async () => {
    const body = { topic: TOPIC, platform: 'xiaohongshu' };
    fake.enqueue({ text: '好的！以下是关键词：数字化、转型', finishReason: 'stop' });
    const broken = await ask(t, body, cookie);
    expect(broken.statusCode).toBe(200);
    expect(broken.json().data.keywords).toEqual(offlineKeywords(body));

    fake.enqueue({ status: 500 }, { status: 500 });
    const failed = await ask(t, body, cookie);
    expect(failed.statusCode).toBe(200);
    expect(failed.json().data.keywords).toEqual(offlineKeywords(body));
    expect(t.logs.join('\n')).toContain('keyword model failed');
    expect(t.logs.join('\n')).not.toContain('sk-test-keywords');
  });
});
