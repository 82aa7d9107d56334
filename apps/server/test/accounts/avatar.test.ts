import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginViaHttp, registerViaHttp } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { multipart } from '../helpers/multipart.js';

let t: TestApp;
let cookie: string;
let deepspaceId: number;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  const identity = await registerViaHttp(t);
  const login = await loginViaHttp(t, identity.username);
  cookie = login.cookie;
  deepspaceId = login.body.user.deepspaceId;
});
afterAll(() => t.close());

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7), Buffer.from([0xff, 0xd9])]);

const upload = (fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }, sessionCookie = cookie) => {
  const body = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...(file ? [{ name: 'file', file: { filename: file.name, content: file.data, contentType: file.type } }] : []),
  ]);
  return t.app.inject({ method: 'POST', url: '/api/account/user/upload-avatar', payload: body.payload, headers: { ...body.headers, cookie: sessionCookie } });
};

describe('avatar upload', () => {
  it('stores the cropped JPEG, serves it with long caching and removes the old file', async () => {
    const first = await upload({ deepspaceId: String(deepspaceId) }, { name: 'avatar.jpg', type: 'image/jpeg', data: JPEG });
    expect(first.statusCode).toBe(200);
    const { avatarUrl } = first.json();
    expect(first.json()).toMatchObject({ success: true, message: '头像上传成功' });
    expect(avatarUrl).toMatch(/^\/media\/avatars\/\d+-[0-9a-f]{16}\.jpg$/);

    const served = await t.app.inject({ method: 'GET', url: avatarUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(JPEG)).toBe(true);

    const second = await upload({}, { name: 'avatar.jpg', type: 'image/jpeg', data: JPEG });
    expect(second.json().avatarUrl).not.toBe(avatarUrl);
    expect((await t.app.inject({ method: 'GET', url: avatarUrl })).statusCode).toBe(404);
    const file = path.join(t.dataDir, 'files', ...avatarUrl.replace('/media/', '').split('/'));
    expect(fs.existsSync(file)).toBe(false);

    const me = await t.app.inject({ method: 'GET', url: '/api/account/user/me', headers: { cookie } });
    expect(me.json().user.avatar).toBe(second.json().avatarUrl);
  });

  it('judges the type by content, not by name', async () => {
    const res = await upload({}, { name: 'avatar.jpg', type: 'image/jpeg', data: Buffer.from('<svg onload=alert(1)></svg>') });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ success: false, message: '请上传图片文件（JPEG、PNG 或 WebP）' });
  });

  it('refuses files over 2 MB', async () => {
    const big = Buffer.concat([JPEG.subarray(0, 4), Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const res = await upload({}, { name: 'avatar.jpg', type: 'image/jpeg', data: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('图片大小不能超过 2MB');
  });

  it("refuses another user's deepspaceId, no file, and no session", async () => {
    expect((await upload({ deepspaceId: String(deepspaceId + 1) }, { name: 'a.jpg', type: 'image/jpeg', data: JPEG })).statusCode).toBe(403);
    const none = await upload({ deepspaceId: String(deepspaceId) });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('请选择要上传的图片');
    expect((await upload({}, { name: 'a.jpg', type: 'image/jpeg', data: JPEG }, 'tm_session=nope')).statusCode).toBe(401);
  });

  it('does not serve paths outside the media folders', async () => {
    for (const url of ['/media/avatars/..%2F..%2Fetc%2Fpasswd', '/media/other/x.jpg', '/media/avatars/.app-secret']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});
