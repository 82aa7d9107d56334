import type { Agent as HttpAgent } from 'node:http';
import type { Agent as HttpsAgent } from 'node:https';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { lazyRequire } from '../lazy-require.js';
import { AppError } from '../errors.js';
import { assertStorageKey, contentTypeOfKey, type ObjectStorage, type StoredObject } from './object-storage.js';

export interface S3Settings {
  /** Unset: AWS S3 itself (the region picks the host). MinIO, OSS, COS: their endpoint URL. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (MinIO and most self-hosted servers). */
  forcePathStyle: boolean;
  /** Folder inside the bucket every key goes under, without slashes at either end; empty for none. */
  prefix: string;
}

export interface S3Transport {
  /** Agents for the HTTP client (tests resolve virtual-host names through one). */
  httpAgent?: HttpAgent;
  httpsAgent?: HttpsAgent;
}

/** A storage call that failed for a reason other than a missing object; the message names no secret and no endpoint. */
export class StorageError extends AppError {
  override name = 'StorageError';
  constructor(internal: string) {
    super('UNAVAILABLE', '文件存储暂时不可用，请稍后重试', { internal });
  }
}

/** Loaded only by processes configured for S3 (STORAGE_DRIVER=s3). */
const sdk = lazyRequire<typeof import('@aws-sdk/client-s3')>('@aws-sdk/client-s3');

const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Aliyun OSS, Tencent COS). Every name the
 * server stores is unique per upload, so objects are written once and cached for good.
 */
export class S3Storage implements ObjectStorage {
  private readonly client: S3Client;

  constructor(
    private readonly settings: S3Settings,
    transport: S3Transport = {},
  ) {
    const { S3Client } = sdk();
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Newer SDKs add CRC32 checksums (and aws-chunked uploads) by default, which several
      // S3-compatible services reject; send and check them only where the API requires it.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000, ...transport },
    });
  }

  private objectKey(key: string): string {
    assertStorageKey(key);
    return this.settings.prefix ? `${this.settings.prefix}/${key}` : key;
  }

  async put(key: string, body: Buffer, contentType: string = contentTypeOfKey(key)): Promise<void> {
    const objectKey = this.objectKey(key);
    try {
      await this.client.send(
        new (sdk().PutObjectCommand)({
          Bucket: this.settings.bucket,
          Key: objectKey,
          Body: body,
          ContentLength: body.length,
          ContentType: contentType,
          CacheControl: CACHE_CONTROL,
        }),
      );
    } catch (error) {
      throw this.translate('put', key, error);
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const objectKey = this.objectKey(key);
    try {
      const answer = await this.client.send(new (sdk().GetObjectCommand)({ Bucket: this.settings.bucket, Key: objectKey }));
      const body = answer.Body;
      if (!(body instanceof Readable)) throw new Error('object body is not a Node stream');
      return { body, size: answer.ContentLength ?? 0, contentType: answer.ContentType || contentTypeOfKey(key) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw this.translate('get', key, error);
    }
  }

  async delete(key: string): Promise<void> {
    const objectKey = this.objectKey(key);
    try {
      await this.client.send(new (sdk().DeleteObjectCommand)({ Bucket: this.settings.bucket, Key: objectKey }));
    } catch (error) {
      // S3 answers 204 for a missing key; some compatible services answer 404.
      if (isMissing(error)) return;
      throw this.translate('delete', key, error);
    }
  }

  /** The vendor's error as ours: its code and status, never the secret, the endpoint or the bucket's host. */
  private translate(operation: string, key: string, error: unknown): StorageError {
    const status = error instanceof sdk().S3ServiceException ? error.$metadata.httpStatusCode : undefined;
    const code = error instanceof Error ? (error as { Code?: string }).Code || error.name : 'unknown';
    const detail = error instanceof Error ? this.scrub(error.message).slice(0, 200) : '';
    return new StorageError(`object storage ${operation} of ${key} failed: ${code}${status ? ` (status ${status})` : ''}${detail ? `: ${detail}` : ''}`);
  }

  private scrub(text: string): string {
    let out = text;
    for (const secret of [this.settings.secretAccessKey, this.settings.accessKeyId]) {
      if (secret.length >= 4) out = out.split(secret).join('[redacted]');
    }
    if (this.settings.endpoint) {
      const url = new URL(this.settings.endpoint);
      for (const part of [this.settings.endpoint.replace(/\/+$/, ''), url.host, url.hostname]) out = out.split(part).join('[endpoint]');
    }
    // Network errors name the address they tried (ECONNREFUSED 10.0.0.5:9000, ENOTFOUND bucket.host).
    return out
      .replace(/\bhttps?:\/\/\S+/gi, '[endpoint]')
      .replace(/\b\d{1,3}(\.\d{1,3}){3}(:\d+)?\b/g, '[endpoint]')
      .replace(/\[[0-9a-f:]+\](:\d+)?/gi, '[endpoint]')
      .replace(/(ENOTFOUND|EAI_AGAIN)\s+\S+/g, '$1 [endpoint]');
  }
}

function isMissing(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'NoSuchKey' || error.name === 'NotFound') return true;
  return error instanceof sdk().S3ServiceException && error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket';
}
