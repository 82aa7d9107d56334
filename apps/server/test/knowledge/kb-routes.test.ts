import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/accounts/tables.js';
import { kbChunks, kbFiles, kbSessions } from '../../src/knowledge/tables.js';
import { KnowledgeRetriever } from '../../src/knowledge/retrieve.js';
import { resubmitInterruptedBuilds } from '../../src/knowledge/build.js';
import { sweepKnowledgeSessions } from '../../src/knowledge/sessions.js';
import { freshIp } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { signedInProUser, signedInUser } from '../helpers/billing.js';
import { multipart } from '../helpers/multipart.js';
import { encodeGbk, encodeUtf16 } from './helpers/encode.js';

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, '../fixtures/kb', name));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof signedInProUser>>;

const ELECTRIC = `# 新能源汽车电池\n\n${'磷酸铁锂电池成本低、寿命长，适合入门车型和储能场景。'.repeat(20)}\n\n## 固态电池\n\n${'固态电池能量密度更高，安全性更好，但量产成本仍然偏高。'.repeat(20)}`;
const COOKING = `# 家常菜\n\n${'红烧肉要先焯水，再用冰糖炒出糖色，小火慢炖一个小时。'.repeat(20)}`;

function upload(user: User, files: { filename: string; content: Buffer }[], sessionId = '', deepspaceId: string | number = user.deepspaceId) {
  const body = multipart([
    { name: 'session_id', value: sessionId },
    { name: 'deepspace_id', value: String(deepspaceId) },
    ...files.map((file) => ({ name: 'files', file })),
  ]);
  // A fresh address per upload: this file uploads more often than the per-IP upload limit allows in a minute.
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/temp_knowledge/upload',
    payload: body.payload,
    headers: { ...body.headers, cookie: user.cookie, 'x-forwarded-for': freshIp() },
  });
}

const call = (user: User | null, method: 'GET' | 'POST' | 'DELETE', url: string) =>
  t.app.inject({ method, url: `/api/v1/temp_knowledge${url}`, headers: user ? { cookie: user.cookie } : {} });

/** Reads the build stream to its end; answers the parsed events. */
async function buildEvents(user: User, sessionId: string) {
  const res = await call(user, 'GET', `/build/stream/${sessionId}`);
  expect(res.headers['content-type']).toContain('text/event-stream');
  return res.body
    .split('\n\n')
    .filter((frame) => frame.startsWith('data: '))
    .map((frame) => JSON.parse(frame.slice(6)) as { progress: number; message: string; status: string });
}

async function fileCount(sessionId: string) {
  return (await t.database.db.select().from(kbFiles).where(eq(kbFiles.sessionId, sessionId))).length;
}

const PRO_ONLY = '权限不足：知识库仅对Pro用户开放，请升级您的账户';

async function userId(user: User): Promise<number> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, user.username));
  return row!.id;
}

describe('Pro only (decision 052)', () => {
  it('refuses an upload by a basic user with 403, code 1006 and 权限不足, storing nothing', async () => {
    const basic = await signedInUser(t);
    const sessionsBefore = await t.database.db.$count(kbSessions);
    const filesBefore = await t.database.db.$count(kbFiles);
    for (const sessionId of ['', randomUUID()]) {
      const res = await upload(basic, [{ filename: 'notes.md', content: Buffer.from(ELECTRIC) }], sessionId);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ success: false, msg: PRO_ONLY, message: PRO_ONLY, code: 1006 });
    }
    expect(await t.database.db.select().from(kbSessions).where(eq(kbSessions.userId, await userId(basic)))).toHaveLength(0);
    expect(await t.database.db.$count(kbSessions)).toBe(sessionsBefore);
    expect(await t.database.db.$count(kbFiles)).toBe(filesBefore);
  });

  it('refuses a build once the Pro month has ended; the owner may still list, check and delete', async () => {
    const user = await signedInProUser(t);
    const { session_id: sessionId, file_list: files } = (
      await upload(user, [
        { filename: 'a.md', content: Buffer.from(ELECTRIC) },
        { filename: 'b.md', content: Buffer.from(COOKING) },
      ])
    ).json();
    await t.database.db.update(users).set({ subscriptionExpiry: new Date(Date.now() - 60_000) }).where(eq(users.id, await userId(user)));

    const build = await call(user, 'POST', `/build/${sessionId}`);
    expect(build.statusCode).toBe(403);
    expect(build.json()).toEqual({ success: false, msg: PRO_ONLY, message: PRO_ONLY, code: 1006 });
    const more = await upload(user, [{ filename: 'c.md', content: Buffer.from(COOKING) }], sessionId);
    expect(more.statusCode).toBe(403);
    const [session] = await t.database.db.select().from(kbSessions).where(eq(kbSessions.id, sessionId));
    expect(session!.status).toBe('none');
    expect(await t.database.db.select().from(kbChunks).where(eq(kbChunks.sessionId, sessionId))).toHaveLength(0);

    expect((await call(user, 'GET', `/files/${sessionId}`)).json().file_list).toHaveLength(2);
    expect((await call(user, 'GET', `/status/${sessionId}`)).json()).toMatchObject({ success: true, status: 'none' });
    expect((await call(user, 'DELETE', `/files/${sessionId}/${files[0].file_id}`)).json()).toMatchObject({ success: true });
    expect(await fileCount(sessionId)).toBe(1);
  });
});

describe('upload and list', () => {
  it('creates a session for the first upload and parses PDF, Word and GBK text', async () => {
    const user = await signedInProUser(t);
    const res = await upload(user, [
      { filename: 'report.pdf', content: fixture('sample.pdf') },
      { filename: 'notes.txt', content: encodeGbk(ELECTRIC) },
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, session_id: expect.any(String), message: '文件上传成功' });
    expect(body.file_list).toEqual([
      { file_name: 'report.pdf', file_type: 'pdf', file_id: expect.any(String), chars: expect.any(Number), size: fixture('sample.pdf').length },
      { file_name: 'notes.txt', file_type: 'txt', file_id: expect.any(String), chars: expect.any(Number), size: expect.any(Number) },
    ]);
    expect(body.file_list.every((file: { chars: number }) => file.chars > 100)).toBe(true);
    const [stored] = await t.database.db.select().from(kbFiles).where(eq(kbFiles.id, body.file_list[1].file_id));
    expect(stored!.content).toContain('磷酸铁锂');

    const more = await upload(user, [{ filename: 'word.docx', content: fixture('sample.docx') }], body.session_id);
    expect(more.json().file_list).toHaveLength(1);
    const listed = (await call(user, 'GET', `/files/${body.session_id}`)).json();
    expect(listed).toMatchObject({ success: true, session_id: body.session_id, status: 'none' });
    expect(listed.file_list.map((file: { file_name: string }) => file.file_name)).toEqual(['report.pdf', 'notes.txt', 'word.docx']);
  });

  it('refuses a whole upload when one file is refused, naming it, and stores nothing', async () => {
    const user = await signedInProUser(t);
    const first = (await upload(user, [{ filename: 'a.txt', content: encodeUtf16(COOKING, 'le', true) }])).json();
    const cases: [{ filename: string; content: Buffer }, number, RegExp][] = [
      [{ filename: 'scan.pdf', content: fixture('scanned.pdf') }, 400, /《scan\.pdf》.*扫描件/],
      [{ filename: 'old.doc', content: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]) }, 415, /《old\.doc》.*\.doc/],
      [{ filename: 'fake.pdf', content: Buffer.from('MZ\x90\x00 this is a program') }, 415, /《fake\.pdf》/],
      [{ filename: 'empty.txt', content: Buffer.alloc(0) }, 400, /《empty\.txt》/],
      [{ filename: 'image.png', content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) }, 415, /《image\.png》/],
    ];
    for (const [bad, status, message] of cases) {
      const res = await upload(user, [{ filename: 'good.md', content: Buffer.from(ELECTRIC) }, bad], first.session_id);
      expect(res.statusCode, bad.filename).toBe(status);
      expect(res.json().success).toBe(false);
      expect(res.json().message).toMatch(message);
    }
    expect(await fileCount(first.session_id)).toBe(1);
  });

  it('holds at most five files and 10 MB each, and names the files over the limit', async () => {
    const user = await signedInProUser(t);
    const small = (i: number) => ({ filename: `f${i}.md`, content: Buffer.from(`# 第${i}篇\n\n${COOKING}`) });
    const first = (await upload(user, [small(1), small(2), small(3)])).json();
    const tooMany = await upload(user, [small(4), small(5), small(6)], first.session_id);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('文件数量超出限制，最多5个，当前6个');
    const huge = Buffer.alloc(10 * 1024 * 1024 + 10, 0x41);
    const oversize = await upload(user, [{ filename: '大文件.txt', content: huge }, { filename: 'big2.txt', content: huge }], first.session_id);
    expect(oversize.statusCode).toBe(413);
    expect(oversize.json().message).toBe('以下文件超过10MB：大文件.txt、big2.txt');
    expect(await fileCount(first.session_id)).toBe(3);
    expect((await upload(user, [small(4), small(5)], first.session_id)).statusCode).toBe(200);
  });

  it('refuses a session past the memory cap with a clear message', async () => {
    const user = await signedInProUser(t);
    // Five files of ~2.5 MB: 4.2 million characters in all, over the 4 million cap.
    const text = Buffer.from('知识'.repeat(420_000));
    const res = await upload(
      user,
      [1, 2, 3, 4, 5].map((i) => ({ filename: `long${i}.txt`, content: text })),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/^知识库内容过多/);
  });

  it('keeps sessions private: visitors 401, other users and forged ids 404 or 403', async () => {
    const owner = await signedInProUser(t);
    const other = await signedInProUser(t);
    const { session_id: sessionId, file_list: files } = (await upload(owner, [{ filename: 'a.md', content: Buffer.from(ELECTRIC) }])).json();
    expect((await call(null, 'GET', `/files/${sessionId}`)).statusCode).toBe(401);
    for (const [method, url] of [
      ['GET', `/files/${sessionId}`],
      ['GET', `/status/${sessionId}`],
      ['POST', `/build/${sessionId}`],
      ['DELETE', `/files/${sessionId}/${files[0].file_id}`],
      ['GET', `/build/stream/${sessionId}`],
    ] as const) {
      const res = await call(other, method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ success: false, message: '知识库会话已过期，请重新上传文件' });
    }
    expect((await upload(other, [{ filename: 'b.md', content: Buffer.from(COOKING) }], sessionId)).statusCode).toBe(404);
    expect((await upload(owner, [{ filename: 'b.md', content: Buffer.from(COOKING) }], '', other.deepspaceId)).statusCode).toBe(403);
    expect(await fileCount(sessionId)).toBe(1);
  });
});

describe('session ids the client generated (issue 15)', () => {
  it('opens a session under a new UUID for its caller, and keeps adding to it', async () => {
    const user = await signedInProUser(t);
    const sessionId = randomUUID();
    const first = await upload(user, [{ filename: 'a.md', content: Buffer.from(ELECTRIC) }], sessionId);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ success: true, session_id: sessionId, message: '文件上传成功' });
    const [row] = await t.database.db.select().from(kbSessions).where(eq(kbSessions.id, sessionId));
    expect(row).toMatchObject({ id: sessionId, status: 'none' });
    const [owner] = await t.database.db.select({ deepspaceId: users.deepspaceId }).from(users).where(eq(users.id, row!.userId));
    expect(owner!.deepspaceId).toBe(user.deepspaceId);

    const more = await upload(user, [{ filename: 'b.md', content: Buffer.from(COOKING) }], sessionId);
    expect(more.json()).toMatchObject({ success: true, session_id: sessionId });
    const listed = (await call(user, 'GET', `/files/${sessionId}`)).json();
    expect(listed.file_list.map((file: { file_name: string }) => file.file_name)).toEqual(['a.md', 'b.md']);
    expect((await call(user, 'GET', `/status/${sessionId}`)).json()).toMatchObject({ success: true, status: 'none' });
  });

  it("refuses another user's id as it refuses any foreign session, adding nothing", async () => {
    const owner = await signedInProUser(t);
    const other = await signedInProUser(t);
    const sessionId = randomUUID();
    expect((await upload(owner, [{ filename: 'a.md', content: Buffer.from(ELECTRIC) }], sessionId)).statusCode).toBe(200);
    const res = await upload(other, [{ filename: 'b.md', content: Buffer.from(COOKING) }], sessionId);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, message: '知识库会话已过期，请重新上传文件' });
    expect(await fileCount(sessionId)).toBe(1);
  });

  it('gives a new id to one user only when two race for it, and one session to one user racing with itself', async () => {
    const [a, b] = [await signedInProUser(t), await signedInProUser(t)];
    const contested = randomUUID();
    const answers = await Promise.all([
      upload(a, [{ filename: 'a.md', content: Buffer.from(ELECTRIC) }], contested),
      upload(b, [{ filename: 'b.md', content: Buffer.from(COOKING) }], contested),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 404]);
    expect(await fileCount(contested)).toBe(1);

    const mine = randomUUID();
    const both = await Promise.all([
      upload(a, [{ filename: 'a.md', content: Buffer.from(ELECTRIC) }], mine),
      upload(a, [{ filename: 'b.md', content: Buffer.from(COOKING) }], mine),
    ]);
    expect(both.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(await t.database.db.select().from(kbSessions).where(eq(kbSessions.id, mine))).toHaveLength(1);
    expect(await fileCount(mine)).toBe(2);
  });

  it.each([
    ['too short', 'abc'],
    ['too long', 'a'.repeat(65)],
    ['SQL injection', "' OR 1=1 --"],
    ['path traversal', '../../etc/passwd'],
    ['Chinese text', '我的知识库会话编号一二三四五六'],
    ['spaces', 'aaaa bbbb cccc dddd'],
  ])('answers a malformed id (%s) with 400 and opens nothing', async (_label, sessionId) => {
    const user = await signedInProUser(t);
    const before = await t.database.db.$count(kbSessions);
    const res = await upload(user, [{ filename: 'a.md', content: Buffer.from(ELECTRIC) }], sessionId);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: '知识库会话ID格式无效，请刷新页面后重新上传' });
    expect(await t.database.db.$count(kbSessions)).toBe(before);
  });
});

describe('build, status, delete and retrieval', () => {
  it('finishes a build its process left behind (a restart of the embedded database) on the task queue', async () => {
    const user = await signedInProUser(t);
    const { session_id: sessionId } = (await upload(user, [{ filename: '电池.md', content: Buffer.from(ELECTRIC) }])).json();
    // What a process killed mid-build leaves: the row claimed, no index, nobody running it.
    await t.database.db.update(kbSessions).set({ status: 'building', progress: 40, message: '正在构建索引 2/5' }).where(eq(kbSessions.id, sessionId));
    expect(await resubmitInterruptedBuilds({ db: t.database.db, queue: t.app.generation.queue, logger: t.logger })).toBe(1);
    const events = await buildEvents(user, sessionId);
    expect(events.at(-1)).toMatchObject({ status: 'completed', progress: 100 });
    expect((await t.database.db.select().from(kbChunks).where(eq(kbChunks.sessionId, sessionId))).length).toBeGreaterThan(0);
  });

  it('builds with index/total progress, skips an unchanged rebuild, and resets when files change', async () => {
    const user = await signedInProUser(t);
    const { session_id: sessionId, file_list: files } = (
      await upload(user, [
        { filename: '电池.md', content: Buffer.from(ELECTRIC) },
        { filename: '菜谱.txt', content: Buffer.from(COOKING) },
      ])
    ).json();
    expect((await call(user, 'POST', `/build/${sessionId}`)).json()).toMatchObject({ success: true, status: 'building' });
    const events = await buildEvents(user, sessionId);
    expect(events.at(-1)).toMatchObject({ status: 'completed', progress: 100 });
    // A build this small can finish before the stream's first read, so the stream may see only the
    // end; the index/total steps of a slow build are checked in kb-embeddings.test.ts.
    expect(events.filter((event) => event.status === 'completed')).toHaveLength(1);
    expect((await call(user, 'GET', `/status/${sessionId}`)).json()).toMatchObject({ success: true, status: 'completed' });
    const chunks = await t.database.db.select().from(kbChunks).where(eq(kbChunks.sessionId, sessionId));
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.every((chunk) => chunk.tokens.length > 0 && chunk.embedding === null)).toBe(true);

    const again = (await call(user, 'POST', `/build/${sessionId}`)).json();
    expect(again).toMatchObject({ success: true, status: 'built', message: '知识库已是最新，无需重新构建' });

    const retriever = new KnowledgeRetriever({ db: t.database.db, embeddings: () => null });
    const [userRow] = await t.database.db.select({ userId: kbSessions.userId }).from(kbSessions).where(eq(kbSessions.id, sessionId));
    const found = await retriever.search({ userId: userRow!.userId, sessionId, query: '固态电池的安全性', topK: 2 });
    expect(found[0]).toMatchObject({ source: 'knowledge', title: '电池.md' });
    expect(found[0]!.content).toContain('固态电池');
    const onlyCooking = await retriever.search({ userId: userRow!.userId, sessionId, documentIds: [files[1].file_id], query: '固态电池', topK: 2 });
    expect(onlyCooking.every((material) => material.title === '菜谱.txt')).toBe(true);
    expect(await retriever.search({ userId: userRow!.userId + 1, sessionId, query: '固态电池', topK: 2 })).toEqual([]);

    const deleted = await call(user, 'DELETE', `/files/${sessionId}/${files[1].file_id}`);
    expect(deleted.json()).toEqual({ success: true, message: '文件已删除' });
    expect((await call(user, 'GET', `/status/${sessionId}`)).json().status).toBe('none');
    expect((await call(user, 'DELETE', `/files/${sessionId}/${files[1].file_id}`)).json().success).toBe(true);
    expect((await call(user, 'POST', `/build/${sessionId}`)).json().status).toBe('building');
    expect((await buildEvents(user, sessionId)).at(-1)?.status).toBe('completed');
  });

  it('refuses to build an empty session', async () => {
    const user = await signedInProUser(t);
    const { session_id: sessionId, file_list: files } = (await upload(user, [{ filename: 'a.md', content: Buffer.from(COOKING) }])).json();
    await call(user, 'DELETE', `/files/${sessionId}/${files[0].file_id}`);
    const res = await call(user, 'POST', `/build/${sessionId}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: '没有可构建的文件', code: 'KB_EMPTY' });
  });

  it('expires after an hour idle: every call answers 404, and the sweeper deletes files and index', async () => {
    const user = await signedInProUser(t);
    const { session_id: sessionId } = (await upload(user, [{ filename: 'a.md', content: Buffer.from(ELECTRIC) }])).json();
    await call(user, 'POST', `/build/${sessionId}`);
    await buildEvents(user, sessionId);
    const [file] = await t.database.db.select().from(kbFiles).where(eq(kbFiles.sessionId, sessionId));
    expect((await t.app.storage.get(file!.storageKey)) !== null).toBe(true);
    await t.database.db.update(kbSessions).set({ lastUsedAt: new Date(Date.now() - 61 * 60_000) }).where(eq(kbSessions.id, sessionId));
    expect((await call(user, 'GET', `/status/${sessionId}`)).statusCode).toBe(404);
    await sweepKnowledgeSessions({ db: t.database.db, storage: t.app.storage, logger: t.logger });
    expect(await t.database.db.select().from(kbSessions).where(eq(kbSessions.id, sessionId))).toHaveLength(0);
    expect(await t.database.db.select().from(kbChunks).where(eq(kbChunks.sessionId, sessionId))).toHaveLength(0);
    expect(await t.app.storage.get(file!.storageKey)).toBeNull();
  });
});
