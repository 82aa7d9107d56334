import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/env.js';
import { AppError } from '../../src/platform/errors.js';
import { LocalStorage } from '../../src/platform/storage/local-storage.js';
import { S3Storage, type S3Settings, StorageError } from '../../src/platform/storage/s3-storage.js';
import { createStorage } from '../../src/platform/storage/storage-registry.js';
import { loginViaHttp, registerViaHttp } from '../helpers/accounts.js';
import { createTestApp } from '../helpers/app.js';
import { multipart } from '../helpers/multipart.js';
import { type S3Fake, startS3Fake } from '../fakes/s3-fake-server.js';

let fake: S3Fake;
beforeAll(async () => {
  fake = await startS3Fake();
});
afterAll(() => fake.close());

const settings = (overrides: Partial<S3Settings> = {}): S3Settings => ({
  endpoint: fake.endpoint,
  region: fake.region,
  bucket: fake.bucket,
  accessKeyId: fake.accessKeyId,
  secretAccessKey: fake.secretAccessKey,
  forcePathStyle: true,
  prefix: '',
  ...overrides,
});

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 256))]);

describe('S3Storage against a local S3-compatible server', () => {
  it('puts, streams back and deletes an object, path-style', async () => {
    const storage = new S3Storage(settings());
    const before = fake.requests.length;
    await storage.put('articles/round-trip.png', PNG, 'image/png');
    expect(fake.objects.get('articles/round-trip.png')).toMatchObject({ contentType: 'image/png', cacheControl: 'public, max-age=31536000, immutable' });

    const object = await storage.get('articles/round-trip.png');
    expect(object).not.toBeNull();
    expect(object!.size).toBe(PNG.length);
    expect(object!.contentType).toBe('image/png');
    expect(typeof object!.body.pipe).toBe('function');
    expect((await readAll(object!.body)).equals(PNG)).toBe(true);

    await storage.delete('articles/round-trip.png');
    expect(fake.objects.has('articles/round-trip.png')).toBe(false);
    expect(await storage.get('articles/round-trip.png')).toBeNull();
    expect(fake.requests.slice(before).every((request) => request.style === 'path')).toBe(true);
  });

  it('answers null for a missing key and deletes a missing key without complaint', async () => {
    const storage = new S3Storage(settings());
    expect(await storage.get('avatars/never-stored.jpg')).toBeNull();
    await expect(storage.delete('avatars/never-stored.jpg')).resolves.toBeUndefined();
  });

  it('puts every key under the prefix', async () => {
    const storage = new S3Storage(settings({ prefix: 'tianma/prod' }));
    await storage.put('avatars/7-prefixed.jpg', Buffer.from('jpeg'), 'image/jpeg');
    expect(fake.objects.has('tianma/prod/avatars/7-prefixed.jpg')).toBe(true);
    expect((await readAll((await storage.get('avatars/7-prefixed.jpg'))!.body)).toString()).toBe('jpeg');
    await storage.delete('avatars/7-prefixed.jpg');
    expect(fake.objects.has('tianma/prod/avatars/7-prefixed.jpg')).toBe(false);
  });

  it('addresses the bucket as a virtual host when path-style is off', async () => {
    // bucket.localhost does not resolve everywhere; send every name to loopback.
    const httpAgent = new http.Agent({
      lookup: ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) =>
        options?.all ? callback(null, [{ address: '127.0.0.1', family: 4 }]) : callback(null, '127.0.0.1', 4)) as never,
    });
    const storage = new S3Storage(settings({ endpoint: fake.localhostEndpoint, forcePathStyle: false }), { httpAgent });
    const before = fake.requests.length;
    await storage.put('articles/virtual.png', PNG, 'image/png');
    expect((await readAll((await storage.get('articles/virtual.png'))!.body)).equals(PNG)).toBe(true);
    await storage.delete('articles/virtual.png');
    const seen = fake.requests.slice(before);
    expect(seen.map((request) => [request.method, request.style, request.key])).toEqual([
      ['PUT', 'virtual-host', 'articles/virtual.png'],
      ['GET', 'virtual-host', 'articles/virtual.png'],
      ['DELETE', 'virtual-host', 'articles/virtual.png'],
    ]);
    httpAgent.destroy();
  });

  it('turns a wrong secret into our error, naming neither the secret nor the endpoint', async () => {
    const wrongSecret = 'wrong-secret-Qp0Lm8Zx5Vb3Nc1Ka7Sd4Fg';
    const storage = new S3Storage(settings({ secretAccessKey: wrongSecret }));
    for (const call of [() => storage.put('avatars/1-x.jpg', Buffer.from('x'), 'image/jpeg'), () => storage.get('avatars/1-x.jpg'), () => storage.delete('avatars/1-x.jpg')]) {
      const error = await call().then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(StorageError);
      expect(error).toBeInstanceOf(AppError);
      const storageError = error as StorageError;
      expect(storageError.code).toBe('UNAVAILABLE');
      expect(storageError.userMessage).toBe('文件存储暂时不可用，请稍后重试');
      expect(storageError.message).toContain('SignatureDoesNotMatch');
      expect(storageError.cause).toBeUndefined();
      const text = `${storageError.message} ${storageError.userMessage} ${storageError.stack}`;
      for (const secret of [wrongSecret, fake.secretAccessKey, fake.endpoint, fake.endpoint.replace('http://', '')]) expect(text).not.toContain(secret);
    }
    expect(fake.objects.has('avatars/1-x.jpg')).toBe(false);
  });

  it('names no endpoint when the server cannot be reached', async () => {
    const closed = await startS3Fake();
    await closed.close();
    const storage = new S3Storage(settings({ endpoint: closed.endpoint }));
    const error = (await storage.get('avatars/1-y.jpg').catch((caught: unknown) => caught)) as StorageError;
    expect(error).toBeInstanceOf(StorageError);
    expect(error.message).not.toContain(closed.endpoint.replace('http://', ''));
    expect(error.message).not.toContain('127.0.0.1');
  });

  it('refuses keys the server would never make', async () => {
    const storage = new S3Storage(settings());
    await expect(storage.get('../etc/passwd')).rejects.toThrow('invalid storage key');
    await expect(storage.put('avatars/../../x', Buffer.from('x'), 'image/png')).rejects.toThrow('invalid storage key');
  });
});

describe('storage configuration', () => {
  const base = { NODE_ENV: 'test', APP_SECRET: 'test-secret-0123456789abcdef0123456789' };
  const s3Env = () => ({
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: fake.endpoint,
    S3_REGION: fake.region,
    S3_BUCKET: fake.bucket,
    S3_ACCESS_KEY_ID: fake.accessKeyId,
    S3_SECRET_ACCESS_KEY: fake.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  });

  it('picks the local directory by default and S3 with STORAGE_DRIVER=s3', () => {
    expect(createStorage(loadConfig(base))).toBeInstanceOf(LocalStorage);
    const config = loadConfig({ ...base, ...s3Env(), S3_PREFIX: '/tianma/prod/' });
    expect(config.storage).toMatchObject({ driver: 's3', forcePathStyle: true, prefix: 'tianma/prod' });
    expect(createStorage(config)).toBeInstanceOf(S3Storage);
  });

  it('refuses a half-set S3 configuration at boot, naming what is missing', () => {
    const { S3_SECRET_ACCESS_KEY: _secret, S3_BUCKET: _bucket, ...half } = s3Env();
    expect(() => loadConfig({ ...base, ...half })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...half })).toThrow(/S3_BUCKET: STORAGE_DRIVER=s3 时必填[\s\S]*S3_SECRET_ACCESS_KEY: STORAGE_DRIVER=s3 时必填/);
    const { STORAGE_DRIVER: _driver, ...withoutDriver } = s3Env();
    expect(() => loadConfig({ ...base, ...withoutDriver })).toThrow(/已设置 S3_ENDPOINT, S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY，但 STORAGE_DRIVER 不是 s3/);
    expect(() => loadConfig({ ...base, ...s3Env(), S3_PREFIX: 'a/../b' })).toThrow(/S3_PREFIX/);
    expect(() => loadConfig({ ...base, ...s3Env(), S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET/);
  });

  it('serves an uploaded avatar from the bucket through /media, with STORAGE_DRIVER=s3', async () => {
    const t = await createTestApp({ ...s3Env(), S3_PREFIX: 'site' });
    try {
      const identity = await registerViaHttp(t);
      const { cookie } = await loginViaHttp(t, identity.username);
      const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 9), Buffer.from([0xff, 0xd9])]);
      const upload = () => {
        const body = multipart([{ name: 'file', file: { filename: 'me.jpg', content: jpeg, contentType: 'image/jpeg' } }]);
        return t.app.inject({ method: 'POST', url: '/api/account/user/upload-avatar', payload: body.payload, headers: { ...body.headers, cookie } });
      };
      const first = await upload();
      expect(first.statusCode).toBe(200);
      const { avatarUrl } = first.json() as { avatarUrl: string };
      const key = avatarUrl.replace('/media/', '');
      expect(fake.objects.get(`site/${key}`)?.contentType).toBe('image/jpeg');
      expect(fs.existsSync(path.join(t.dataDir, 'files', ...key.split('/')))).toBe(false);

      const served = await t.app.inject({ method: 'GET', url: avatarUrl });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.headers['content-length']).toBe(String(jpeg.length));
      expect(served.headers['cache-control']).toContain('immutable');
      expect(served.rawPayload.equals(jpeg)).toBe(true);

      // A new avatar removes the old object from the bucket.
      const second = await upload();
      expect(second.statusCode).toBe(200);
      expect(fake.objects.has(`site/${key}`)).toBe(false);
      expect((await t.app.inject({ method: 'GET', url: avatarUrl })).statusCode).toBe(404);
      expect(t.logs.join('\n')).not.toContain(fake.secretAccessKey);
    } finally {
      await t.close();
    }
  });
});
