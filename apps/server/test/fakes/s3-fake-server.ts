import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An S3-compatible server for tests, on loopback: one bucket, PUT/GET/HEAD/DELETE object, path-style
 * (`/bucket/key`) and virtual-host style (`bucket.localhost`) addressing. Every request must carry a
 * valid AWS Signature V4 for the one key pair it knows (header auth), and a signed payload hash must
 * match the body, as on S3; anything else is answered with S3's XML errors.
 */
export interface S3Fake {
  /** http://127.0.0.1:port */
  endpoint: string;
  /** http://localhost:port, for virtual-host style (bucket.localhost: resolve it to loopback yourself). */
  localhostEndpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, FakeObject>;
  requests: { method: string; style: 'path' | 'virtual-host'; key: string; status: number }[];
  close(): Promise<void>;
}

export interface FakeObject {
  body: Buffer;
  contentType: string;
  cacheControl?: string;
  etag: string;
}

export interface S3FakeOptions {
  bucket?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

/** RFC 3986 encoding, as SigV4 wants it. */
function encode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
}

function xmlError(code: string, message: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>fake</RequestId></Error>`;
}

const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data).digest();

/** Checks header SigV4; answers the S3 error code, or null when the signature is good. */
function checkSignature(req: http.IncomingMessage, body: Buffer, opts: Required<S3FakeOptions>): [number, string, string] | null {
  const auth = req.headers.authorization ?? '';
  const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(auth);
  if (!match) return [403, 'AccessDenied', 'Missing or malformed Authorization header'];
  const [, keyId, date, region, signedHeaders, signature] = match as unknown as [string, string, string, string, string, string];
  if (keyId !== opts.accessKeyId) return [403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.'];
  if (region !== opts.region) return [400, 'AuthorizationHeaderMalformed', `the region '${region}' is wrong; expecting '${opts.region}'`];
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(date)) return [403, 'AccessDenied', 'x-amz-date does not match the credential scope'];
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (/^[0-9a-f]{64}$/.test(payloadHash)) {
    if (payloadHash !== sha256(body)) return [400, 'XAmzContentSHA256Mismatch', 'The provided x-amz-content-sha256 header does not match what was computed.'];
  } else if (payloadHash !== 'UNSIGNED-PAYLOAD') {
    return [501, 'NotImplemented', `payload mode ${payloadHash || '(none)'} is not supported by the fake`];
  }
  const names = signedHeaders.split(';');
  if (!names.includes('host') || !names.includes('x-amz-date')) return [403, 'AccessDenied', 'host and x-amz-date must be signed'];
  const [rawPath = '/', rawQuery = ''] = (req.url ?? '/').split('?', 2);
  const query = rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const [name = '', value = ''] = pair.split('=', 2);
      return [encode(decodeURIComponent(name)), encode(decodeURIComponent(value))] as const;
    })
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const headers = names.map((name) => {
    const value = req.headers[name];
    const text = Array.isArray(value) ? value.join(',') : (value ?? '');
    return `${name}:${text.trim().replace(/\s+/g, ' ')}\n`;
  });
  const canonical = [req.method, rawPath, query, headers.join(''), signedHeaders, payloadHash].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${opts.secretAccessKey}`, date), region), 's3'), 'aws4_request');
  const expected = Buffer.from(hmac(signingKey, toSign).toString('hex'));
  if (!timingSafeEqual(expected, Buffer.from(signature))) {
    return [403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.'];
  }
  return null;
}

export async function startS3Fake(options: S3FakeOptions = {}): Promise<S3Fake> {
  const opts: Required<S3FakeOptions> = {
    bucket: options.bucket ?? 'tianma-test',
    region: options.region ?? 'us-east-1',
    accessKeyId: options.accessKeyId ?? 'AKIAFAKETIANMA0001',
    secretAccessKey: options.secretAccessKey ?? 'fake-secret-Zq8v3Lr9Wm2Kx7Pt4Hn6Yb1C',
  };
  const objects = new Map<string, FakeObject>();
  const requests: S3Fake['requests'] = [];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const method = req.method ?? 'GET';
      const hostname = String(req.headers.host ?? '').replace(/:\d+$/, '');
      const path = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/');
      let style: 'path' | 'virtual-host';
      let bucket: string;
      let key: string;
      if (hostname.startsWith(`${opts.bucket}.`)) {
        style = 'virtual-host';
        bucket = opts.bucket;
        key = path.slice(1);
      } else {
        style = 'path';
        const slash = path.indexOf('/', 1);
        bucket = slash === -1 ? path.slice(1) : path.slice(1, slash);
        key = slash === -1 ? '' : path.slice(slash + 1);
      }
      const answer = (status: number, headers: Record<string, string | number>, payload?: Buffer | string) => {
        requests.push({ method, style, key, status });
        res.writeHead(status, headers);
        res.end(method === 'HEAD' ? undefined : payload);
      };
      const fail = (status: number, code: string, message: string) =>
        answer(status, { 'content-type': 'application/xml', 'x-amz-request-id': 'fake' }, method === 'HEAD' ? undefined : xmlError(code, message));

      const refused = checkSignature(req, body, opts);
      if (refused) return fail(...refused);
      if (bucket !== opts.bucket) return fail(404, 'NoSuchBucket', 'The specified bucket does not exist');
      if (!key) return fail(501, 'NotImplemented', 'bucket operations are not supported by the fake');

      if (method === 'PUT') {
        const etag = `"${createHash('md5').update(body).digest('hex')}"`;
        const cacheControl = req.headers['cache-control'];
        objects.set(key, { body, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'), cacheControl, etag });
        return answer(200, { etag });
      }
      if (method === 'GET' || method === 'HEAD') {
        const object = objects.get(key);
        if (!object) return fail(404, 'NoSuchKey', 'The specified key does not exist.');
        return answer(
          200,
          {
            'content-type': object.contentType,
            'content-length': object.body.length,
            etag: object.etag,
            'last-modified': new Date().toUTCString(),
            ...(object.cacheControl ? { 'cache-control': object.cacheControl } : {}),
          },
          object.body,
        );
      }
      if (method === 'DELETE') {
        objects.delete(key);
        return answer(204, {});
      }
      return fail(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    localhostEndpoint: `http://localhost:${port}`,
    ...opts,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
