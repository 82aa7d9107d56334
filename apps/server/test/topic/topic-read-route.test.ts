import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshIp, post } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { signedInUser } from '../helpers/billing.js';

const URL = '/api/v1/topic/read';
const ask = (t: TestApp, body: unknown, cookie?: string) => post(t, URL, body, cookie, { 'x-forwarded-for': freshIp() });

describe('POST /api/v1/topic/read on the offline writer', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
    cookie = (await signedInUser(t)).cookie;
  });
  afterAll(() => t.close());

  it('is for signed-in users and refuses bad input in Chinese', async () => {
    expect((await ask(t, { topic: '养猫', length: 2000 })).statusCode).toBe(401);
    for (const [body, message] of [
      [{ topic: '  ', length: 2000 }, '请输入文章主题'],
      [{ topic: '养猫', length: 'many' }, '篇幅必须是数字'],
      [{ topic: '养猫', length: 50 }, '篇幅不能少于100字'],
      [{ topic: '猫'.repeat(2001), length: 2000 }, '文章主题不能超过2000个字'],
    ] as const) {
      const res = await ask(t, body, cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message });
    }
  });

  it('reads a plain subject with nothing to report', async () => {
    const res = await ask(t, { topic: '第一次养猫要准备什么', length: 1500 }, cookie);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.lengthConflict).toBe(false);
    expect(data.instructions).toEqual([]);
    expect(data.wordLimit).toBeUndefined();
  });

  it('shows a word limit that disagrees with the length setting and the length that honours it', async () => {
    const res = await ask(t, { topic: '写一篇关于秋天的散文，300字以内，不要出现首先其次最后', length: 2000 }, cookie);
    const { data } = res.json();
    expect(data.subject).toBe('秋天');
    expect(data.wordLimit).toMatchObject({ text: '300字以内', max: 300 });
    expect(data.lengthConflict).toBe(true);
    expect(data.suggestedLength).toBe(300);
    // 不要出现… is followed offline; the genre is one the offline writer writes.
    expect(data.instructions).toEqual([
      { text: '体裁：散文', supported: true },
      { text: '不要出现首先其次最后', supported: true },
    ]);
    const agreed = (await ask(t, { topic: '写一篇关于秋天的散文，300字以内', length: 300 }, cookie)).json().data;
    expect(agreed.lengthConflict).toBe(false);
  });

  it('keeps the suggestion inside the mode’s range, and says when none fits', async () => {
    const advanced = (await ask(t, { topic: '写一段200字左右的产品介绍', length: 3000, advanced_mode: true }, cookie)).json().data;
    expect(advanced.lengthConflict).toBe(true);
    expect(advanced.suggestedLength).toBe(500);
    const atFloor = (await ask(t, { topic: '写一段200字左右的产品介绍', length: 500, advanced_mode: true }, cookie)).json().data;
    expect(atFloor.lengthConflict).toBe(true);
    expect(atFloor.suggestedLength).toBeUndefined();
  });

  it('reports what the offline writer cannot do, with the reason', async () => {
    const res = await ask(t, { topic: '你是公众号情感博主，以《城市的夜晚》为题写一篇800字散文，要引用古诗词，模仿汪曾祺的风格', length: 800 }, cookie);
    const { data } = res.json();
    expect(data).toMatchObject({ title: '城市的夜晚', role: '公众号情感博主', genre: '散文', lengthConflict: false });
    const refused = data.instructions.filter((instruction: { supported: boolean }) => !instruction.supported);
    expect(refused.map((instruction: { text: string }) => instruction.text).sort()).toEqual(['你是公众号情感博主', '要引用古诗词', '模仿汪曾祺的风格'].sort());
    for (const instruction of refused) expect(instruction.note).toMatch(/离线写作/u);
  });

  it('follows 不要… offline only when it names words to leave out', async () => {
    const { data } = (await ask(t, { topic: '解释什么是指数基金定投，不要推荐具体产品，不要出现“躺赚”', length: 600 }, cookie)).json();
    expect(data.instructions).toEqual([
      { text: '不要推荐具体产品', supported: false, note: '离线写作只能避开具体的词语，这条要求需配置大模型' },
      { text: '不要出现“躺赚”', supported: true },
    ]);
  });
});

describe('POST /api/v1/topic/read with a model configured', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true', LLM_BASE_URL: 'http://127.0.0.1:9/v1', LLM_API_KEY: 'test-key', LLM_MODEL: 'test-model' });
    cookie = (await signedInUser(t)).cookie;
  });
  afterAll(() => t.close());

  it('follows every instruction', async () => {
    const res = await ask(t, { topic: '你是公众号情感博主，写一首关于秋天的诗，要引用古诗词', length: 600 }, cookie);
    const { data } = res.json();
    expect(data.instructions.length).toBeGreaterThanOrEqual(3);
    expect(data.instructions.every((instruction: { supported: boolean }) => instruction.supported)).toBe(true);
  });
});
