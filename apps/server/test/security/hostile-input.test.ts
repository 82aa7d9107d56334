import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, users } from '../../src/platform/db/schema.js';
import { queryRows } from '../../src/platform/db/index.js';
import { freshIp } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createOrderViaHttp, signedInUser } from '../helpers/billing.js';
import { multipart, type MultipartPart } from '../helpers/multipart.js';
import { buildPdf } from '../knowledge/helpers/pdf.js';
import { writeZip } from '../knowledge/helpers/zip.js';
import { caseCounts, ENDPOINTS, type ErrorShape, type HostileCase, type HostileContext, UPLOAD_CASES } from './hostile-cases.js';

let t: TestApp;
let ctx: HostileContext;
type User = Awaited<ReturnType<typeof signedInUser>>;
let me: User;
let other: User;

async function seedArticle(user: User): Promise<string> {
  const [row] = await t.database.db.select().from(users).where(eq(users.username, user.username));
  const articleId = `a${randomBytes(8).toString('hex')}`;
  await t.database.db.insert(articles).values({ articleId, userId: row!.id, title: '私有文章', summary: '摘要', content: '# 私有文章\n\n正文' });
  return articleId;
}

function kbUpload(user: { cookie?: string }, parts: MultipartPart[]) {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/temp_knowledge/upload',
    payload: body.payload,
    headers: { ...body.headers, ...(user.cookie ? { cookie: user.cookie } : {}), 'x-forwarded-for': freshIp() },
  });
}

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  me = await signedInUser(t);
  other = await signedInUser(t);
  const pwUser = await signedInUser(t);
  const session = await kbUpload(other, [
    { name: 'session_id', value: '' },
    { name: 'deepspace_id', value: String(other.deepspaceId) },
    { name: 'files', file: { filename: 'notes.md', content: Buffer.from(`# 笔记\n\n${'新能源汽车电池的成本和寿命。'.repeat(30)}`) } },
  ]);
  if (session.statusCode !== 200) throw new Error(`kb upload failed: ${session.body}`);
  const order = await createOrderViaHttp(t, other.cookie, 5900, 1);
  if (order.statusCode !== 200) throw new Error(`order failed: ${order.body}`);
  ctx = {
    me,
    other,
    pwUser,
    myArticleId: await seedArticle(me),
    otherArticleId: await seedArticle(other),
    otherKbSessionId: session.json().session_id,
    otherOutTradeNo: order.json().outTradeNo,
  };
});
afterAll(() => t?.close());

/**
 * Every public table: its row count and a hash of its rows. Left out of the comparison:
 * - login_throttles: recording refused sign-ins is the protection itself (accounts/login-throttle.ts);
 * - sessions: only the count is compared, because each authenticated call slides last_seen/expiry.
 */
const IGNORED = new Set(['login_throttles']);
const COUNT_ONLY = new Set(['sessions']);

async function snapshot(): Promise<Record<string, string>> {
  const tables = await queryRows<{ table_name: string }>(
    t.database.db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const out: Record<string, string> = {};
  for (const { table_name: name } of tables) {
    if (IGNORED.has(name)) continue;
    const [row] = await queryRows<{ n: number; h: string | null }>(
      t.database.db,
      sql.raw(`select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as h from "${name.replace(/"/g, '""')}" t`),
    );
    out[name] = COUNT_ONLY.has(name) ? `${row!.n}` : `${row!.n}:${row!.h ?? ''}`;
  }
  return out;
}

function storedFiles(): string[] {
  const root = path.join(t.dataDir, 'files');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).sort();
}

const CHINESE = /[\u4e00-\u9fff]/;

/** The refusal's message in the call's shape; fails the expectation with the case's label. */
function expectRefusal(label: string, shape: ErrorShape, res: { statusCode: number; body: string; headers: Record<string, unknown> }, mayAccept = false) {
  const { statusCode } = res;
  if (mayAccept && statusCode === 200) return;
  expect([400, 401, 403, 404, 413, 415, 429], `${label}: status ${statusCode} ${res.body.slice(0, 300)}`).toContain(statusCode);
  expect(String(res.headers['content-type']), `${label}: content type`).toContain('application/json');
  const body = JSON.parse(res.body) as Record<string, unknown>;
  // A URL that matches no route (a path parameter over Fastify's length cap) answers the default shape.
  if (shape === 'status' && body.status === 'error') {
    expect(String(body.error), `${label}: error`).toMatch(CHINESE);
  } else {
    expect(body.success, `${label}: success`).toBe(false);
    expect(String(body.message ?? body.msg), `${label}: message`).toMatch(CHINESE);
  }
}

async function send(hostile: HostileCase) {
  const { method, url, body, contentType, cookie } = hostile.request;
  return t.app.inject({
    method,
    url,
    headers: {
      'x-forwarded-for': freshIp(),
      ...(cookie ? { cookie } : {}),
      ...(body !== undefined ? { 'content-type': contentType ?? 'application/json' } : {}),
    },
    ...(body !== undefined ? { payload: body } : {}),
  });
}

async function expectAlive() {
  const health = await t.app.inject({ method: 'GET', url: '/healthz' });
  expect(health.statusCode).toBe(200);
}

describe('hostile JSON and URLs: 4xx with a Chinese message, server up, database unchanged', () => {
  for (const endpoint of ENDPOINTS) {
    it(endpoint.name, async () => {
      const before = await snapshot();
      const files = storedFiles();
      const cases = endpoint.cases(ctx);
      for (const hostile of cases) {
        const res = await send(hostile);
        expectRefusal(`${endpoint.name} › ${hostile.label}`, endpoint.shape, res, hostile.mayAccept);
        await expectAlive();
      }
      expect(await snapshot()).toEqual(before);
      expect(storedFiles()).toEqual(files);
    });
  }
});

/** A Windows executable header: MZ, and at 0x3C the offset of "PE\0\0". */
function fakeExe(): Buffer {
  const bytes = Buffer.alloc(512);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  return bytes;
}

/** A PDF whose page tree holds itself and whose xref section's /Prev points back at itself. */
function loopingPdf(): Buffer {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [2 0 R] /Count 1 >>'];
  let text = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(text, 'latin1'));
    text += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(text, 'latin1');
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Prev ${xref} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

const SAMPLE_PDF = buildPdf({ pages: [[{ text: 'Battery costs and lifetimes of electric cars, compared in detail.', x: 50, y: 700 }]] });

describe('hostile uploads: refused, the file named, nothing stored', () => {
  const kbFile = (filename: string, content: Buffer): MultipartPart[] => [
    { name: 'session_id', value: '' },
    { name: 'deepspace_id', value: String(me.deepspaceId) },
    { name: 'files', file: { filename, content } },
  ];

  it(`POST /api/v1/temp_knowledge/upload (${UPLOAD_CASES['POST /api/v1/temp_knowledge/upload'].length} cases)`, async () => {
    const before = await snapshot();
    const files = storedFiles();
    const binary = Buffer.concat([Buffer.from([0, 1, 2, 3, 0xfe, 0xff, 0]), randomBytes(4096)]);
    const truncated = SAMPLE_PDF.subarray(0, Math.floor(SAMPLE_PDF.length / 2));
    const declaresGigabytes = writeZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'word/document.xml', data: Buffer.from('<w:document/>'), declaredSize: 0xfffffff0 },
    ]);
    const inflatesPast = writeZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'word/document.xml', data: Buffer.alloc(0), deflated: deflateRawSync(Buffer.alloc(32 * 1024 * 1024)), declaredSize: 2048 },
    ]);
    const named: [string, string, Buffer][] = [
      ['.pdf that is an executable', 'setup.pdf', fakeExe()],
      ['.txt that is binary', 'notes.txt', binary],
      ['.docx zip bomb declaring gigabytes', 'bomb.docx', declaresGigabytes],
      ['.docx zip bomb inflating past its declared size', 'liar.docx', inflatesPast],
      ['truncated PDF', 'half.pdf', truncated],
      ['PDF whose xref and page tree loop', 'loop.pdf', loopingPdf()],
    ];
    for (const [label, filename, content] of named) {
      const started = performance.now();
      const res = await kbUpload(me, kbFile(filename, content));
      expectRefusal(label, 'success', res);
      expect(res.json().message, label).toContain(filename);
      expect(performance.now() - started, `${label}: time`).toBeLessThan(10_000);
      await expectAlive();
    }
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/temp_knowledge/upload',
      payload: { session_id: '', deepspace_id: me.deepspaceId },
      headers: { cookie: me.cookie, 'x-forwarded-for': freshIp() },
    });
    expectRefusal('JSON body instead of multipart', 'success', json);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/temp_knowledge/upload',
      payload: '--nope\r\nContent-Disposition: form-data; name="files"; filename="a.txt"\r\n\r\nunterminated',
      headers: { cookie: me.cookie, 'content-type': 'multipart/form-data; boundary=nope', 'x-forwarded-for': freshIp() },
    });
    expectRefusal('malformed multipart', 'success', broken);
    const good = { filename: 'ok.md', content: Buffer.from(`# 笔记\n\n${'固态电池能量密度更高。'.repeat(30)}`) };
    const forgedUser = await kbUpload(me, [{ name: 'deepspace_id', value: String(other.deepspaceId) }, { name: 'files', file: good }]);
    expectRefusal("another user's deepspace_id", 'success', forgedUser);
    const foreignSession = await kbUpload(me, [{ name: 'session_id', value: ctx.otherKbSessionId }, { name: 'files', file: good }]);
    expectRefusal("another user's session_id", 'success', foreignSession);
    expectRefusal('no cookie', 'success', await kbUpload({}, kbFile('ok.md', good.content)));
    expectRefusal('forged cookie', 'success', await kbUpload({ cookie: `tm_session=${randomBytes(32).toString('base64url')}` }, kbFile('ok.md', good.content)));
    await expectAlive();
    expect(await snapshot()).toEqual(before);
    expect(storedFiles()).toEqual(files);
  });

  it(`POST /api/account/user/upload-avatar (${UPLOAD_CASES['POST /api/account/user/upload-avatar'].length} cases)`, async () => {
    const before = await snapshot();
    const files = storedFiles();
    const avatar = (parts: MultipartPart[], cookie: string | null = me.cookie) => {
      const body = multipart(parts);
      return t.app.inject({
        method: 'POST',
        url: '/api/account/user/upload-avatar',
        payload: body.payload,
        headers: { ...body.headers, ...(cookie ? { cookie } : {}), 'x-forwarded-for': freshIp() },
      });
    };
    const lying: [string, string, string, Buffer][] = [
      ['.png that is an executable', 'avatar.png', 'image/png', fakeExe()],
      ['.jpg that is SVG with script', 'avatar.jpg', 'image/jpeg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>')],
      ['.php.png that is PHP', 'shell.php.png', 'image/png', Buffer.from('<?php system($_GET["c"]); ?>')],
      ['.webp that is HTML', 'avatar.webp', 'image/webp', Buffer.from('<html><script>alert(1)</script></html>')],
    ];
    for (const [label, filename, contentType, content] of lying) {
      const res = await avatar([{ name: 'file', file: { filename, content, contentType } }]);
      expectRefusal(label, 'success', res);
      expect(res.statusCode, label).toBe(415);
    }
    expectRefusal('no file', 'success', await avatar([{ name: 'deepspaceId', value: String(me.deepspaceId) }]));
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/account/user/upload-avatar',
      payload: { file: 'data:image/png;base64,AAAA' },
      headers: { cookie: me.cookie, 'x-forwarded-for': freshIp() },
    });
    expectRefusal('JSON body instead of multipart', 'success', json);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/account/user/upload-avatar',
      payload: '--nope\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
      headers: { cookie: me.cookie, 'content-type': 'multipart/form-data; boundary=nope', 'x-forwarded-for': freshIp() },
    });
    expectRefusal('malformed multipart', 'success', broken);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
    const forged = await avatar([
      { name: 'deepspaceId', value: String(other.deepspaceId) },
      { name: 'file', file: { filename: 'a.png', content: png, contentType: 'image/png' } },
    ]);
    expectRefusal("another user's deepspaceId", 'success', forged);
    expect(forged.statusCode).toBe(403);
    expectRefusal('no cookie', 'success', await avatar([{ name: 'file', file: { filename: 'a.png', content: png, contentType: 'image/png' } }], null));
    await expectAlive();
    expect(await snapshot()).toEqual(before);
    expect(storedFiles()).toEqual(files);
  });
});

describe('docs/security.md', () => {
  it('lists the number of cases tried per endpoint, exactly', () => {
    const table = ['| endpoint | cases |', '|---|---|', ...caseCounts().map(([name, n]) => `| \`${name}\` | ${n} |`)].join('\n');
    const total = caseCounts().reduce((sum, [, n]) => sum + n, 0);
    const docs = fs.readFileSync(path.join(import.meta.dirname, '../../../../docs/security.md'), 'utf8');
    // On a mismatch the expected table is printed; paste it into the docs.
    expect(docs.includes(`${table}\n| total | ${total} |`), `expected table:\n${table}\n| total | ${total} |`).toBe(true);
  });
});
