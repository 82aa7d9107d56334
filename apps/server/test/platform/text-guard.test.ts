import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generationTasks } from '../../src/generation/tables.js';
import { kbSessions } from '../../src/knowledge/tables.js';
import { freshIp } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { signedInProUser } from '../helpers/billing.js';
import { GUIDED, generate, waitForTask } from '../helpers/generation.js';

/**
 * Ill-formed Unicode (issue 15): a lone UTF-16 surrogate in the topic of a generation answered 500,
 * because PostgreSQL refuses it in the task's jsonb. Text that is not well-formed Unicode, anywhere
 * in a request, is now a 400 at the edge (platform/http/text-guard.ts), before any handler.
 */
const REFUSAL = '请求内容包含无效字符';

let t: TestApp;
let me: Awaited<ReturnType<typeof signedInProUser>>;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  me = await signedInProUser(t);
});
afterAll(() => t.close());

const taskCount = () => t.database.db.$count(generationTasks);

describe('JSON bodies', () => {
  it.each([
    ['a lone high surrogate in the topic', { topic: '\ud800新能源汽车', settings: GUIDED }],
    ['a lone low surrogate in the topic', { topic: '新能源\udfff汽车', settings: GUIDED }],
    ['a reversed pair in the topic', { topic: '\udc00\ud800新能源汽车', settings: GUIDED }],
    ['a lone surrogate in customAudience', { topic: '新能源汽车', settings: { ...GUIDED, audience: 'custom', customAudience: '车主\ud83d' } }],
    ['a lone surrogate in a key', { topic: '新能源汽车', settings: { ...GUIDED, '\ud800': 1 } }],
    ['a lone surrogate deep in an array', { topic: '新能源汽车', settings: { ...GUIDED, seoKeywords: [[[['电池', '\ud800']]]] } }],
  ])('refuses %s with 400 and starts no task', async (_label, body) => {
    const before = await taskCount();
    const res = await generate(t, me.cookie, { deepspaceId: me.deepspaceId, ...body });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ status: 'error', error: REFUSAL });
    expect(await taskCount()).toBe(before);
  });

  it('refuses a body that is not valid UTF-8, rather than reading it as U+FFFD', async () => {
    const before = await taskCount();
    const json = Buffer.from(JSON.stringify({ topic: 'XX新能源汽车', settings: GUIDED, deepspaceId: me.deepspaceId, advanced_mode: false }));
    // "XX" becomes the bytes of an encoded surrogate (ED A0 80, not UTF-8) and a stray FF byte.
    const at = json.indexOf('XX');
    const bytes = Buffer.concat([json.subarray(0, at), Buffer.from([0xed, 0xa0, 0x80, 0xff]), json.subarray(at + 2)]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/articles/generate',
      payload: bytes,
      headers: { cookie: me.cookie, 'content-type': 'application/json; charset=utf-8' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ status: 'error', error: REFUSAL });
    expect(await taskCount()).toBe(before);
  });

  it('takes well-formed text outside the BMP (a surrogate pair) as it is', async () => {
    const res = await generate(t, me.cookie, { deepspaceId: me.deepspaceId, topic: '新能源汽车🚗的电池选择', settings: GUIDED });
    expect(res.statusCode, res.body).toBe(200);
    const task = await waitForTask(t, res.json().task_id);
    expect(task.topic).toBe('新能源汽车🚗的电池选择');
  });

  it('answers the account calls in their own shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/user/verify',
      payload: { username: 'writer\udbff', password: 'x' },
      headers: { 'x-forwarded-for': freshIp() },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: REFUSAL });
  });
});

describe('query strings and paths', () => {
  it.each([
    ['a value of an encoded surrogate', '/api/v1/articles/user/ME/page?page=1&q=%ED%A0%80', REFUSAL],
    ['a value that is not UTF-8', '/api/v1/articles/user/ME/page?page=1&q=%FF', REFUSAL],
    ['a key of an encoded surrogate', '/api/v1/articles/user/ME/page?page=1&%ED%B0%80=1', REFUSAL],
    ['a path that is not UTF-8', '/api/v1/articles/%ED%A0%80/status', '请求地址无效'],
  ])('refuses %s with 400', async (_label, url, message) => {
    const res = await t.app.inject({ method: 'GET', url: url.replace('ME', String(me.deepspaceId)), headers: { cookie: me.cookie } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ message });
  });

  it('takes a well-formed encoded query as before', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/articles/user/${me.deepspaceId}/page?page=1&size=8&q=%E7%94%B5%F0%9F%9A%97`, headers: { cookie: me.cookie } });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('multipart text fields', () => {
  const BOUNDARY = 'tianmaTextGuard';
  const part = (headers: string, content: Buffer | string) => Buffer.concat([Buffer.from(`--${BOUNDARY}\r\n${headers}\r\n\r\n`), Buffer.from(content), Buffer.from('\r\n')]);
  const note = part('Content-Disposition: form-data; name="files"; filename="note.md"\r\nContent-Type: text/markdown', `# 笔记\n\n${'固态电池能量密度更高。'.repeat(30)}`);
  // A UTF-16LE field (busboy decodes a part's declared charset) can carry a lone surrogate: 0xD800.
  const loneUtf16 = Buffer.from([0x00, 0xd8, 0x31, 0x00]);
  const upload = (parts: Buffer[], url = '/api/v1/temp_knowledge/upload') =>
    t.app.inject({
      method: 'POST',
      url,
      payload: Buffer.concat([...parts, Buffer.from(`--${BOUNDARY}--\r\n`)]),
      headers: { cookie: me.cookie, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'x-forwarded-for': freshIp() },
    });

  it.each([
    ['a field declared UTF-16 holding a lone surrogate', [part('Content-Disposition: form-data; name="deepspace_id"\r\nContent-Type: text/plain; charset=utf-16le', loneUtf16), note]],
    ['a file name (RFC 5987) holding a lone surrogate', [part(`Content-Disposition: form-data; name="files"; filename*=utf-16le''%00%D8a%00.%00m%00d%00\r\nContent-Type: text/markdown`, '# 笔记')]],
    ['a field name holding a lone surrogate', [part(`Content-Disposition: form-data; name*=utf-16le''%00%D8`, 'x'), note]],
  ])('refuses %s with 400 and stores nothing', async (_label, parts) => {
    const before = await t.database.db.$count(kbSessions);
    const res = await upload(parts);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: REFUSAL });
    expect(await t.database.db.$count(kbSessions)).toBe(before);
  });

  it('refuses the same in the avatar upload', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
    const res = await upload(
      [
        part('Content-Disposition: form-data; name="deepspaceId"\r\nContent-Type: text/plain; charset=utf-16le', loneUtf16),
        part('Content-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png', png),
      ],
      '/api/account/user/upload-avatar',
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: REFUSAL });
  });

  it('takes a well-formed form as before', async () => {
    const res = await upload([part(`Content-Disposition: form-data; name="deepspace_id"`, String(me.deepspaceId)), note]);
    expect(res.statusCode, res.body).toBe(200);
    const [session] = await t.database.db.select().from(kbSessions).where(eq(kbSessions.id, res.json().session_id));
    expect(session).toBeDefined();
  });
});
