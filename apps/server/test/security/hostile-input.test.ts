import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshIp } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { multipart, type MultipartPart } from '../helpers/multipart.js';
import { type HostileContext, ILL_FORMED_TEXT } from './hostile-cases.js';
import { caseCounts, ENDPOINTS, UPLOAD_CASES } from './hostile-catalog.js';
import { expectAlive, expectRefusal, send, snapshot, storedFiles } from './hostile-checks.js';
import { fakeExe, loopingPdf, truncatedPdf, zipDeclaringGigabytes, zipInflatingPastItsSize } from './hostile-files.js';
import { buildHostileWorld, kbUpload, type User } from './hostile-world.js';

/**
 * A one-file form whose file name is given only in RFC 5987 form, in UTF-16LE, starting with the
 * lone surrogate U+D800 ("\ud800a.x"); busboy decodes it as declared. (A plain `filename` beside it
 * would win, so the multipart helper cannot write this one.)
 */
function surrogateNamedUpload(t: TestApp, url: string, field: string, content: Buffer, cookie: string) {
  const boundary = 'tianmaSurrogateName';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename*=utf-16le''%00%D8a%00.%00x%00\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return t.app.inject({
    method: 'POST',
    url,
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie, 'x-forwarded-for': freshIp() },
  });
}

let t: TestApp;
let ctx: HostileContext;
let me: User;
let other: User;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  ({ ctx, me, other } = await buildHostileWorld(t));
});
afterAll(() => t?.close());

describe('hostile JSON and URLs: 4xx with a Chinese message, server up, database unchanged', () => {
  for (const endpoint of ENDPOINTS) {
    it(endpoint.name, async () => {
      const before = await snapshot(t);
      const files = storedFiles(t);
      for (const hostile of endpoint.cases(ctx)) {
        const res = await send(t, hostile, endpoint.opensStream);
        expectRefusal(`${endpoint.name} › ${hostile.label}`, endpoint.shape, res, hostile.mayAccept);
        if (hostile.message) expect(JSON.parse(res.body).message, `${endpoint.name} › ${hostile.label}: message`).toBe(hostile.message);
        await expectAlive(t);
      }
      expect(await snapshot(t)).toEqual(before);
      expect(storedFiles(t)).toEqual(files);
    });
  }
});

describe('hostile uploads: refused, the file named, nothing stored', () => {
  const kbFile = (filename: string, content: Buffer): MultipartPart[] => [
    { name: 'session_id', value: '' },
    { name: 'deepspace_id', value: String(me.deepspaceId) },
    { name: 'files', file: { filename, content } },
  ];

  it(`POST /api/v1/temp_knowledge/upload (${UPLOAD_CASES['POST /api/v1/temp_knowledge/upload'].length} cases)`, async () => {
    const before = await snapshot(t);
    const files = storedFiles(t);
    const binary = Buffer.concat([Buffer.from([0, 1, 2, 3, 0xfe, 0xff, 0]), randomBytes(4096)]);
    const named: [string, string, Buffer][] = [
      ['.pdf that is an executable', 'setup.pdf', fakeExe()],
      ['.txt that is binary', 'notes.txt', binary],
      ['.docx zip bomb declaring gigabytes', 'bomb.docx', zipDeclaringGigabytes()],
      ['.docx zip bomb inflating past its declared size', 'liar.docx', zipInflatingPastItsSize()],
      ['truncated PDF', 'half.pdf', truncatedPdf()],
      ['PDF whose xref and page tree loop', 'loop.pdf', loopingPdf()],
    ];
    for (const [label, filename, content] of named) {
      const started = performance.now();
      const res = await kbUpload(t, me, kbFile(filename, content));
      expectRefusal(label, 'success', res);
      expect(res.json().message, label).toContain(filename);
      expect(performance.now() - started, `${label}: time`).toBeLessThan(10_000);
      await expectAlive(t);
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
    const forgedUser = await kbUpload(t, me, [{ name: 'deepspace_id', value: String(other.deepspaceId) }, { name: 'files', file: good }]);
    expectRefusal("another user's deepspace_id", 'success', forgedUser);
    const foreignSession = await kbUpload(t, me, [{ name: 'session_id', value: ctx.otherKbSessionId }, { name: 'files', file: good }]);
    expectRefusal("another user's session_id", 'success', foreignSession);
    const malformedSession = await kbUpload(t, me, [{ name: 'session_id', value: "' OR 1=1 --" }, { name: 'files', file: good }]);
    expectRefusal('malformed session_id', 'success', malformedSession);
    expect(malformedSession.statusCode).toBe(400);
    const surrogateName = await surrogateNamedUpload(t, '/api/v1/temp_knowledge/upload', 'files', good.content, me.cookie);
    expectRefusal('file name with a lone surrogate', 'success', surrogateName);
    expect(surrogateName.json().message).toBe(ILL_FORMED_TEXT);
    expectRefusal('no cookie', 'success', await kbUpload(t, {}, kbFile('ok.md', good.content)));
    expectRefusal('forged cookie', 'success', await kbUpload(t, { cookie: `tm_session=${randomBytes(32).toString('base64url')}` }, kbFile('ok.md', good.content)));
    await expectAlive(t);
    expect(await snapshot(t)).toEqual(before);
    expect(storedFiles(t)).toEqual(files);
  });

  it(`POST /api/account/user/upload-avatar (${UPLOAD_CASES['POST /api/account/user/upload-avatar'].length} cases)`, async () => {
    const before = await snapshot(t);
    const files = storedFiles(t);
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
    const surrogateName = await surrogateNamedUpload(t, '/api/account/user/upload-avatar', 'file', png, me.cookie);
    expectRefusal('file name with a lone surrogate', 'success', surrogateName);
    expect(surrogateName.json().message).toBe(ILL_FORMED_TEXT);
    expectRefusal('no cookie', 'success', await avatar([{ name: 'file', file: { filename: 'a.png', content: png, contentType: 'image/png' } }], null));
    await expectAlive(t);
    expect(await snapshot(t)).toEqual(before);
    expect(storedFiles(t)).toEqual(files);
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
