import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler.js';
import { holdsOnlyWellFormedText, ILL_FORMED_TEXT_MESSAGE, percentEscapesAreUtf8, registerTextGuard } from './text-guard.js';

describe('holdsOnlyWellFormedText', () => {
  it('finds a lone surrogate in any string, key or depth', () => {
    expect(holdsOnlyWellFormedText({ a: ['电池', { b: '🚗' }], n: 1, z: null })).toBe(true);
    expect(holdsOnlyWellFormedText('\ud800')).toBe(false);
    expect(holdsOnlyWellFormedText('a\udc00')).toBe(false);
    expect(holdsOnlyWellFormedText({ a: [[{ b: ['x', '\ud83d'] }]] })).toBe(false);
    expect(holdsOnlyWellFormedText({ '\udfff': 1 })).toBe(false);
  });
});

describe('percentEscapesAreUtf8', () => {
  it('decodes every run of escapes as UTF-8', () => {
    expect(percentEscapesAreUtf8('/a?q=%E7%94%B5%F0%9F%9A%97&x=1+2')).toBe(true);
    expect(percentEscapesAreUtf8('/a?q=100%&r=%zz')).toBe(true);
    expect(percentEscapesAreUtf8('/a?q=%ED%A0%80')).toBe(false);
    expect(percentEscapesAreUtf8('/a?q=%FF')).toBe(false);
    expect(percentEscapesAreUtf8('/a?q=%E7%94')).toBe(false);
    expect(percentEscapesAreUtf8('/a?q=%E7a%94')).toBe(false);
  });
});

describe('registerTextGuard', () => {
  let app: FastifyInstance;
  let handled = 0;
  beforeAll(async () => {
    app = Fastify();
    registerErrorHandler(app);
    registerTextGuard(app);
    await app.register(fastifyMultipart);
    app.post('/json', async (request) => {
      handled += 1;
      return { got: request.body };
    });
    app.get('/query', async (request) => {
      handled += 1;
      return { got: request.query };
    });
    app.post('/form', async (request) => {
      const fields: string[] = [];
      for await (const part of request.parts()) {
        if (part.type === 'file') await part.toBuffer();
        else fields.push(String(part.value));
      }
      handled += 1;
      return { fields };
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const refused = async (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: ILL_FORMED_TEXT_MESSAGE });
  };

  it('refuses ill-formed JSON text before the handler runs', async () => {
    handled = 0;
    await refused(await app.inject({ method: 'POST', url: '/json', payload: '{"a":"\\ud800"}', headers: { 'content-type': 'application/json' } }));
    await refused(await app.inject({ method: 'POST', url: '/json', payload: '{"\\udc00":1}', headers: { 'content-type': 'application/json' } }));
    await refused(await app.inject({ method: 'POST', url: '/json', payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]), headers: { 'content-type': 'application/json' } }));
    await refused(await app.inject({ method: 'GET', url: '/query?a=%ED%A0%80' }));
    expect(handled).toBe(0);
  });

  it('reads a UTF-8 character split across chunks as one', async () => {
    const body = Buffer.from(JSON.stringify({ a: '电池🚗'.repeat(20_000) }));
    const res = await app.inject({ method: 'POST', url: '/json', payload: body, headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ got: { a: '电池🚗'.repeat(20_000) } });
  });

  it('refuses a multipart field that is ill-formed in place of the part, and reads a good form', async () => {
    const form = (field: Buffer, contentType = 'text/plain; charset=utf-16le') =>
      app.inject({
        method: 'POST',
        url: '/form',
        payload: Buffer.concat([
          Buffer.from(`--b\r\nContent-Disposition: form-data; name="f"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n`),
          Buffer.from(`--b\r\nContent-Disposition: form-data; name="a"\r\nContent-Type: ${contentType}\r\n\r\n`),
          field,
          Buffer.from('\r\n--b--\r\n'),
        ]),
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
      });
    handled = 0;
    await refused(await form(Buffer.from([0x00, 0xd8])));
    expect(handled).toBe(0);
    const good = await form(Buffer.from('电池', 'utf16le'));
    expect(good.json()).toEqual({ fields: ['电池'] });
  });
});
