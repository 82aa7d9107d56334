import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/*
 * Secrets at rest (a bound account's AppSecret, a provider's API key): AES-256-GCM under a key
 * derived (HKDF-SHA256) from the server's APP_SECRET with a purpose of its own, a random 12-byte
 * IV per value, and associated data naming what the value belongs to (a ciphertext copied onto
 * another row does not open). Stored as `v1:{iv}:{ciphertext}:{tag}`, each part base64url.
 */

const VERSION = 'v1';

export class SecretBox {
  private readonly key: Buffer;

  /** `purpose` separates the keys of different kinds of secret (e.g. 'tianma/providers/api-key/v1'). */
  constructor(appSecret: string, purpose: string) {
    if (!appSecret) throw new TypeError('secret-box: the app secret is required');
    if (!purpose) throw new TypeError('secret-box: a purpose is required');
    this.key = Buffer.from(hkdfSync('sha256', Buffer.from(appSecret, 'utf8'), Buffer.alloc(0), purpose, 32));
  }

  seal(plaintext: string, associatedData: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(associatedData, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv, body, cipher.getAuthTag()].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join(':');
  }

  /** The plaintext; throws when the value was not sealed by this key for this associated data. */
  open(sealed: string, associatedData: string): string {
    const [version, iv, body, tag, ...rest] = sealed.split(':');
    if (version !== VERSION || !iv || body === undefined || !tag || rest.length > 0) throw new Error('secret-box: unknown format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(associatedData, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}
