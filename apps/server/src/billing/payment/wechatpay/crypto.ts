import {
  constants,
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  type KeyObject,
  randomBytes,
  sign,
  verify,
} from 'node:crypto';
import { PaymentProviderError } from '../payment-provider.js';

/** Pure WeChat Pay API v3 primitives (WECHATPAY.md): request signing, signature checks, AEAD. */

export const AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';
export const AEAD_ALGORITHM = 'AEAD_AES_256_GCM';
const SIGNTEST_PREFIX = 'WECHATPAY/SIGNTEST/';
const TAG_BYTES = 16;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export interface EncryptedResource {
  algorithm?: string;
  ciphertext: string;
  nonce: string;
  associated_data?: string;
  original_type?: string;
}

/** `METHOD\nPATH_WITH_QUERY\nTIMESTAMP\nNONCE\nBODY\n`; the body is exactly what is sent ('' for GET). */
export function buildSignMessage(
  method: string,
  pathWithQuery: string,
  timestamp: string | number,
  nonce: string,
  body: string,
): string {
  if (!/^[A-Z]+$/.test(method)) throw new TypeError('wechatpay: method must be upper-case letters');
  if (!pathWithQuery.startsWith('/') || /[\s]/.test(pathWithQuery)) {
    throw new TypeError('wechatpay: path must start with / and contain no whitespace');
  }
  return `${method}\n${pathWithQuery}\n${checkTimestamp(timestamp)}\n${checkNonce(nonce)}\n${body}\n`;
}

/**
 * `TIMESTAMP\nNONCE\nBODY\n` over the raw body bytes, as WeChat signs responses and
 * notifications. Kept as bytes so a body that is not valid UTF-8 is not silently rewritten.
 */
export function buildVerifyMessage(timestamp: string | number, nonce: string, body: Buffer | string): Buffer {
  const head = Buffer.from(`${checkTimestamp(timestamp)}\n${checkNonce(nonce)}\n`, 'utf8');
  const raw = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  return Buffer.concat([head, raw, Buffer.from('\n')]);
}

/** Base64 RSA PKCS#1 v1.5 SHA-256 signature. */
export function signRsaSha256(message: string | Buffer, privateKey: string | KeyObject): string {
  const key = asPrivateKey(privateKey);
  return sign('sha256', toBytes(message), { key, padding: constants.RSA_PKCS1_PADDING }).toString('base64');
}

/** False for any mismatch or malformed signature; throws only for an unusable key. */
export function verifyRsaSha256(message: string | Buffer, signatureB64: string, publicKey: KeyObject | string): boolean {
  const key = asPublicKey(publicKey);
  if (signatureB64.length === 0 || signatureB64.length > 2048 || !BASE64.test(signatureB64)) return false;
  try {
    return verify('sha256', toBytes(message), { key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(signatureB64, 'base64'));
  } catch {
    return false;
  }
}

export interface AuthorizationInput {
  mchid: string;
  serialNo: string;
  privateKeyPem: string | KeyObject;
  method: string;
  pathWithQuery: string;
  body: string;
  /** Unix seconds; defaults to now. */
  timestamp?: number | string;
  nonce?: string;
}

/** `WECHATPAY2-SHA256-RSA2048 mchid="…",nonce_str="…",signature="…",timestamp="…",serial_no="…"`. */
export function authorizationHeader(input: AuthorizationInput): string {
  for (const [name, value] of [
    ['mchid', input.mchid],
    ['serialNo', input.serialNo],
  ] as const) {
    if (!/^[0-9A-Za-z_-]+$/.test(value)) throw new TypeError(`wechatpay: ${name} is empty or has unexpected characters`);
  }
  const timestamp = String(input.timestamp ?? Math.floor(Date.now() / 1000));
  const nonce = input.nonce ?? randomNonce();
  const message = buildSignMessage(input.method, input.pathWithQuery, timestamp, nonce, input.body);
  const signature = signRsaSha256(message, input.privateKeyPem);
  return `${AUTH_SCHEMA} mchid="${input.mchid}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${input.serialNo}"`;
}

/** AEAD_AES_256_GCM: IV = nonce, AAD = associated_data, the last 16 bytes of the ciphertext are the tag. */
export function decryptResource(resource: EncryptedResource, apiV3Key: string | Buffer): string {
  const key = apiV3KeyBytes(apiV3Key);
  if (resource.algorithm !== undefined && resource.algorithm !== AEAD_ALGORITHM) {
    throw new PaymentProviderError(`wechatpay: unsupported resource algorithm ${resource.algorithm}`, 'DECRYPT_FAILED');
  }
  const { ciphertext, nonce } = resource;
  const associatedData = resource.associated_data ?? '';
  if (typeof ciphertext !== 'string' || !BASE64.test(ciphertext) || typeof nonce !== 'string' || nonce === '') {
    throw new PaymentProviderError('wechatpay: resource is malformed', 'DECRYPT_FAILED');
  }
  const data = Buffer.from(ciphertext, 'base64');
  if (data.length < TAG_BYTES) throw new PaymentProviderError('wechatpay: resource ciphertext is too short', 'DECRYPT_FAILED');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'utf8'), { authTagLength: TAG_BYTES });
    decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
    decipher.setAAD(Buffer.from(associatedData, 'utf8'));
    const plain = Buffer.concat([decipher.update(data.subarray(0, data.length - TAG_BYTES)), decipher.final()]);
    return plain.toString('utf8');
  } catch {
    throw new PaymentProviderError('wechatpay: resource does not decrypt (wrong APIv3 key or tampered)', 'DECRYPT_FAILED');
  }
}

/** The inverse of decryptResource, for the sandbox and tests: base64 of ciphertext ‖ 16-byte tag. */
export function encryptResource(plaintext: string, apiV3Key: string | Buffer, nonce: string, associatedData: string): string {
  const key = apiV3KeyBytes(apiV3Key);
  if (nonce === '') throw new TypeError('wechatpay: nonce must not be empty');
  const cipher = createCipheriv('aes-256-gcm', key, Buffer.from(nonce, 'utf8'), { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  return Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
}

/** 32 upper-case hex characters (WeChat allows at most 32). */
export function randomNonce(): string {
  return randomBytes(16).toString('hex').toUpperCase();
}

/** WeChat's probes carry `WECHATPAY/SIGNTEST/…` signatures and must be refused. */
export function isSigntestProbe(signature: string): boolean {
  return signature.startsWith(SIGNTEST_PREFIX);
}

/** The APIv3 key is a 32-character ASCII secret used directly as the AES-256 key. */
export function apiV3KeyBytes(apiV3Key: string | Buffer): Buffer {
  const key = typeof apiV3Key === 'string' ? Buffer.from(apiV3Key, 'utf8') : apiV3Key;
  if (key.length !== 32) throw new TypeError(`wechatpay: the APIv3 key must be 32 bytes, got ${key.length}`);
  return key;
}

function asPrivateKey(key: string | KeyObject): KeyObject {
  const object = typeof key === 'string' ? parseKey(() => createPrivateKey(key), 'private') : key;
  if (object.type !== 'private' || object.asymmetricKeyType !== 'rsa') throw new TypeError('wechatpay: an RSA private key is required');
  return object;
}

function asPublicKey(key: string | KeyObject): KeyObject {
  const object = typeof key === 'string' ? parseKey(() => createPublicKey(key), 'public') : key;
  if (object.type === 'secret' || object.asymmetricKeyType !== 'rsa') throw new TypeError('wechatpay: an RSA public key is required');
  return object;
}

function parseKey(parse: () => KeyObject, kind: string): KeyObject {
  try {
    return parse();
  } catch {
    throw new TypeError(`wechatpay: not a valid PEM ${kind} key`);
  }
}

function checkTimestamp(timestamp: string | number): string {
  const text = String(timestamp);
  if (!/^\d{1,12}$/.test(text)) throw new TypeError('wechatpay: timestamp must be unix seconds');
  return text;
}

function checkNonce(nonce: string): string {
  if (nonce === '' || nonce.length > 64 || /[\r\n]/.test(nonce)) throw new TypeError('wechatpay: nonce must be 1–64 characters on one line');
  return nonce;
}

function toBytes(message: string | Buffer): Buffer {
  return typeof message === 'string' ? Buffer.from(message, 'utf8') : message;
}
