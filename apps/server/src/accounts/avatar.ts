import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../platform/db/index.js';
import { AppError } from '../platform/errors.js';
import type { ObjectStorage } from '../platform/storage/object-storage.js';
import type { AuthContext } from './auth.js';
import { users } from './tables.js';
import { mediaUrl } from './user-presenter.js';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** The image type told by the file's first bytes; the name and the declared type are not trusted. */
export function sniffImageType(bytes: Buffer): 'jpg' | 'png' | 'webp' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** Stores a new avatar under a fresh name (so it can be cached forever) and removes the old file. */
export async function replaceAvatar(
  deps: { db: Db; storage: ObjectStorage; logger: Logger },
  auth: AuthContext,
  bytes: Buffer,
): Promise<string> {
  if (bytes.length === 0) throw new AppError('BAD_REQUEST', '请选择要上传的图片');
  if (bytes.length > AVATAR_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', '图片大小不能超过 2MB');
  const type = sniffImageType(bytes);
  if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', '请上传图片文件（JPEG、PNG 或 WebP）');

  const key = `avatars/${auth.user.deepspaceId}-${randomBytes(8).toString('hex')}.${type}`;
  await deps.storage.put(key, bytes, `image/${type === 'jpg' ? 'jpeg' : type}`);
  await deps.db.update(users).set({ avatarKey: key, updatedAt: new Date() }).where(eq(users.id, auth.user.id));
  const previous = auth.user.avatarKey;
  if (previous && previous !== key) {
    await deps.storage.delete(previous).catch((error) => deps.logger.warn({ err: error, key: previous }, 'old avatar not removed'));
  }
  return mediaUrl(key);
}
