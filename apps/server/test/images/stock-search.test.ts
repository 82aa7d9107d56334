import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userImages } from '../../src/images/tables.js';
import { post } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { signedInUser } from '../helpers/billing.js';
import { multipart } from '../helpers/multipart.js';

/**
 * The picture search with a stock source: a fake Pixabay on loopback answers, a picked picture is
 * copied into the library with its licence and credit; a failing source is skipped.
 */

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);

let pixabay: http.Server;
let failing = false;
const queries: string[] = [];
const downloads: string[] = [];
let t: TestApp;

beforeAll(async () => {
  pixabay = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    queries.push(url.searchParams.get('q') ?? '');
    if (failing) return res.writeHead(500).end('boom');
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        total: 2,
        totalHits: 2,
        hits: [
          { id: 11, pageURL: 'https://pixabay.com/photos/tea-11/', tags: '茶园, 采茶, 春天', previewURL: 'https://cdn.pixabay.com/p/11_150.jpg', webformatURL: 'https://pixabay.com/get/11_640.jpg', largeImageURL: 'https://pixabay.com/get/11_1280.jpg', imageWidth: 4000, imageHeight: 2667, user: 'LiMing' },
          { id: 12, pageURL: 'https://pixabay.com/photos/city-12/', tags: '城市, 夜景', previewURL: 'https://cdn.pixabay.com/p/12_150.jpg', webformatURL: 'https://pixabay.com/get/12_640.jpg', largeImageURL: 'https://pixabay.com/get/12_1280.jpg', imageWidth: 4000, imageHeight: 2667, user: 'Wang' },
        ],
      }),
    );
  });
  await new Promise<void>((resolve) => pixabay.listen(0, '127.0.0.1', resolve));
  t = await createTestApp(
    { TRUST_PROXY: 'true', PIXABAY_API_KEY: 'pixabay-test-key', PIXABAY_API_BASE: `http://127.0.0.1:${(pixabay.address() as AddressInfo).port}/api/` },
    {
      imageDownload: async (url) => {
        downloads.push(url);
        return PNG;
      },
    },
  );
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => pixabay?.close(resolve));
});

const PARAGRAPH = '春天去茶园看采茶，一垄垄茶树绿得发亮，采茶人的手指在枝头飞快地移动。';

describe('stock pictures in the search', () => {
  it('offers a ranked stock picture with its licence and credit, and copies the one picked into the library', async () => {
    const owner = await signedInUser(t);
    const res = await post(t, '/api/v1/images/search', { text: PARAGRAPH }, owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(queries.at(-1)).toBeTruthy();
    const [best] = res.json().data;
    expect(best).toMatchObject({
      source: 'pixabay',
      url: 'https://pixabay.com/get/11_640.jpg',
      caption: '茶园, 采茶, 春天',
      licence: 'Pixabay Content License',
      attribution: 'Pixabay · LiMing',
      importToken: expect.any(String),
    });
    expect(best.imageId).toBeUndefined();

    const imported = await post(t, '/api/v1/images/import', { token: best.importToken }, owner.cookie);
    expect(imported.statusCode).toBe(200);
    expect(downloads.at(-1)).toBe('https://pixabay.com/get/11_1280.jpg');
    const { data } = imported.json();
    expect(data).toMatchObject({ imageId: expect.stringMatching(/^img_/), url: expect.stringMatching(/^\/media\/images\//), caption: '茶园, 采茶, 春天', attribution: 'Pixabay · LiMing', licence: 'Pixabay Content License' });
    const [row] = await t.database.db.select().from(userImages).where(eq(userImages.id, data.imageId));
    expect(row).toMatchObject({ source: 'pixabay', licence: 'Pixabay Content License', attribution: 'Pixabay · LiMing', sourceUrl: 'https://pixabay.com/photos/tea-11/' });

    // Now in the library, it is found as the user's own picture, credit kept.
    const again = (await post(t, '/api/v1/images/search', { text: PARAGRAPH }, owner.cookie)).json().data;
    expect(again[0]).toMatchObject({ source: 'pixabay', imageId: data.imageId, attribution: 'Pixabay · LiMing' });
  });

  it('refuses a token that was altered or made for another user, and downloads nothing', async () => {
    const owner = await signedInUser(t);
    const stranger = await signedInUser(t);
    const [best] = (await post(t, '/api/v1/images/search', { text: PARAGRAPH }, owner.cookie)).json().data;
    const before = downloads.length;
    const [payload, signature] = (best.importToken as string).split('.');
    const forged = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    forged.hit.imageUrl = 'http://169.254.169.254/latest/meta-data/';
    const altered = `${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`;
    for (const [token, who] of [
      [altered, owner],
      [best.importToken, stranger],
      ['not-a-token', owner],
    ] as const) {
      const res = await post(t, '/api/v1/images/import', { token }, who.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('图片信息无效或已过期，请重新搜索');
    }
    expect(downloads.length).toBe(before);
  });

  it('skips a failing source: the library still answers', async () => {
    const owner = await signedInUser(t);
    const form = multipart([
      { name: 'file', file: { filename: 'a.png', content: PNG, contentType: 'image/png' } },
      { name: 'caption', value: '茶园里采茶的人' },
    ]);
    await t.app.inject({ method: 'POST', url: '/api/v1/images', headers: { ...form.headers, cookie: owner.cookie }, payload: form.payload });
    failing = true;
    try {
      // A query of its own: the source's 24-hour cache must not answer for it.
      const asked = queries.length;
      const res = await post(t, '/api/v1/images/search', { text: '清明前后，茶园里背着竹篓采茶的人最忙。' }, owner.cookie);
      expect(queries.length).toBe(asked + 1);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((item: { source: string }) => item.source)).toEqual(['library']);
    } finally {
      failing = false;
    }
  });
});
