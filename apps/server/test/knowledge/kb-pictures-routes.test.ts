import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/accounts/tables.js';
import { userImages } from '../../src/images/tables.js';
import { addDocumentPictures } from '../../src/knowledge/document-pictures.js';
import { LocalStorage } from '../../src/platform/storage/local-storage.js';
import { freshIp, post } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { signedInProUser } from '../helpers/billing.js';
import { multipart } from '../helpers/multipart.js';

/** Knowledge-base pictures reach the image library and its search through HTTP (issue 18; decision 065). */

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, '../fixtures/kb', name));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof signedInProUser>>;

function upload(user: User, files: { filename: string; content: Buffer }[]) {
  const body = multipart([{ name: 'deepspace_id', value: String(user.deepspaceId) }, ...files.map((file) => ({ name: 'files', file }))]);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/temp_knowledge/upload',
    payload: body.payload,
    headers: { ...body.headers, cookie: user.cookie, 'x-forwarded-for': freshIp() },
  });
}

async function userId(user: User): Promise<number> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, user.username));
  return row!.id;
}

const knowledgePictures = async (id: number) =>
  t.database.db
    .select()
    .from(userImages)
    .where(and(eq(userImages.userId, id), eq(userImages.source, 'knowledge')));

interface PicturesRead {
  userId: number;
  type: string;
  found: number;
  added: number;
}

/** The pictures are read after the upload has answered: waits for the log line of each of `documents` (or fails). */
async function waitForPictures(id: number, documents: number): Promise<PicturesRead[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const read = t.logs
      .map((line) => JSON.parse(line) as PicturesRead & { msg: string })
      .filter((entry) => entry.msg === 'knowledge pictures read' && entry.userId === id);
    if (read.length >= documents) return read;
    if (Date.now() > deadline) throw new Error(`pictures of ${documents} documents not read in time (${read.length} were)`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('pictures of uploaded knowledge documents', () => {
  it('go into the library with their captions, and the search by a paragraph finds the one it is about first', async () => {
    const user = await signedInProUser(t);
    const id = await userId(user);
    const res = await upload(user, [
      { filename: '养猫手册.docx', content: fixture('illustrated.docx') },
      { filename: 'notes.md', content: Buffer.from('# 笔记\n\n猫咪每天要梳毛，换季时掉毛更多。') },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: '文件上传成功' });

    // The Markdown file has no pictures to read.
    const read = await waitForPictures(id, 1);
    expect(read).toHaveLength(1);
    expect(read[0]).toMatchObject({ type: 'docx', found: 3, added: 3 });
    const rows = await knowledgePictures(id);
    expect(rows.map((row) => row.caption).sort()).toEqual(
      ['猫砂盆的摆放 · 图1 猫砂盆放在安静的角落 · 阳台角落里的猫砂盆', '猫粮与饮水 · 图2 陶瓷水碗和自动喂食器', '猫抓板与玩具 · 图3 瓦楞纸猫抓板和逗猫棒'].sort(),
    );
    for (const row of rows) expect(row.contentHash).toMatch(/^[0-9a-f]{64}$/);

    const cases: [string, string][] = [
      ['猫天生不爱喝水，准备一个陶瓷水碗，每天换水；出门前在自动喂食器里放好猫粮。', '图2 陶瓷水碗和自动喂食器'],
      ['新家里先把猫砂盆放好：找一个安静的角落，远离它吃饭的地方。', '图1 猫砂盆放在安静的角落'],
      ['沙发被抓坏之前，买一块瓦楞纸猫抓板，再配一根逗猫棒陪它玩。', '图3 瓦楞纸猫抓板和逗猫棒'],
    ];
    for (const [paragraph, caption] of cases) {
      const found = await post(t, '/api/v1/images/search', { text: paragraph }, user.cookie);
      expect(found.statusCode).toBe(200);
      const [best] = found.json().data;
      expect(best, paragraph).toMatchObject({ source: 'knowledge', imageId: expect.stringMatching(/^img_/), url: expect.stringMatching(/^\/media\/images\//) });
      expect(best.caption).toContain(caption);
    }

    // The picture itself is served, as extracted.
    const served = await t.app.inject({ method: 'GET', url: `/media/${rows.find((row) => row.caption.includes('图2'))!.storageKey}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.subarray(0, 3).toString('hex')).toBe('ffd8ff');
  });

  it('does not add the same pictures again when the same document is uploaded again', async () => {
    const user = await signedInProUser(t);
    const id = await userId(user);
    expect((await upload(user, [{ filename: '养猫手册.docx', content: fixture('illustrated.docx') }])).statusCode).toBe(200);
    await waitForPictures(id, 1);
    expect((await upload(user, [{ filename: '养猫手册（副本）.docx', content: fixture('illustrated.docx') }])).statusCode).toBe(200);
    const [first, again] = await waitForPictures(id, 2);
    expect(first).toMatchObject({ found: 3, added: 3 });
    expect(again).toMatchObject({ found: 3, added: 0 });
    const rows = await knowledgePictures(id);
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((row) => row.contentHash)).size).toBe(3);
  });
});

describe('adding a document’s pictures', () => {
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianma-kb-pictures-'));
  const storage = new LocalStorage(storageDir);
  afterAll(() => fs.rmSync(storageDir, { recursive: true, force: true }));

  function recordingLogger() {
    const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
    const record = (level: string) => (fields: Record<string, unknown>, message: string) => lines.push({ level, fields, message });
    return { lines, logger: { info: record('info'), warn: record('warn'), error: record('error') } as unknown as TestApp['logger'] };
  }

  it('logs and skips a document that cannot be read for pictures, without throwing', async () => {
    const { lines, logger } = recordingLogger();
    const added = await addDocumentPictures({ db: t.database.db, storage, logger }, 987_654, [
      { name: '坏文件.docx', type: 'docx', bytes: Buffer.from('PK\u0003\u0004 broken') },
      { name: 'notes.md', type: 'md', bytes: Buffer.from('# 笔记') },
    ]);
    expect(added).toBe(0);
    expect(lines).toEqual([{ level: 'warn', fields: expect.objectContaining({ userId: 987_654, file: '坏文件.docx' }), message: 'knowledge pictures: the document was skipped' }]);
  });

  it('stops at the library’s cap', async () => {
    const user = await signedInProUser(t);
    const id = await userId(user);
    const { lines, logger } = recordingLogger();
    const added = await addDocumentPictures({ db: t.database.db, storage, logger, maxLibraryImages: 2 }, id, [
      { name: '养猫手册.docx', type: 'docx', bytes: fixture('illustrated.docx') },
    ]);
    expect(added).toBe(2);
    expect((await knowledgePictures(id)).map((row) => row.caption).sort()).toEqual(['猫砂盆的摆放 · 图1 猫砂盆放在安静的角落 · 阳台角落里的猫砂盆', '猫粮与饮水 · 图2 陶瓷水碗和自动喂食器'].sort());
    expect(lines.map((line) => line.message)).toEqual(['knowledge pictures: the library is full', 'knowledge pictures read']);
  });
});
