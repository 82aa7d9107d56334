import { createHash, randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { sniffImageType } from '../accounts/avatar.js';
import { mediaUrl } from '../accounts/user-presenter.js';
import type { Db } from '../platform/db/index.js';
import { AppError } from '../platform/errors.js';
import type { ObjectStorage } from '../platform/storage/object-storage.js';
import { type UserImageRow, userImages } from './tables.js';

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const CAPTION_MAX_CHARS = 200;
/** The most pictures one library holds (the search reads them all). */
export const LIBRARY_MAX_IMAGES = 5000;

export type LibrarySource = 'library' | 'knowledge' | 'pixabay' | 'pexels';

export interface NewLibraryImage {
  userId: number;
  source: LibrarySource;
  bytes: Buffer;
  caption: string;
  licence?: string | null;
  attribution?: string | null;
  sourceUrl?: string | null;
}

const CONTENT_TYPES = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

/** A caption as stored: one line, trimmed, at most CAPTION_MAX_CHARS. */
export function cleanCaption(caption: string): string {
  return [...caption.replace(/\s+/gu, ' ').trim()].slice(0, CAPTION_MAX_CHARS).join('');
}

/** What the library tells the same picture by (user_images.content_hash). */
export const pictureHash = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Checks and stores a picture in the user's library; answers its row. */
export async function addLibraryImage(deps: { db: Db; storage: ObjectStorage }, image: NewLibraryImage): Promise<UserImageRow> {
  if (image.bytes.length === 0) throw new AppError('BAD_REQUEST', '请选择要上传的图片');
  if (image.bytes.length > IMAGE_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', '图片大小不能超过 5MB');
  const type = sniffImageType(image.bytes);
  if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', '请上传图片文件（JPEG、PNG 或 WebP）');
  const id = `img_${randomBytes(12).toString('hex')}`;
  // Served by its unguessable name (articles shown elsewhere link to it); no user id in it.
  const storageKey = `images/${id}.${type}`;
  await deps.storage.put(storageKey, image.bytes, CONTENT_TYPES[type]);
  const [row] = await deps.db
    .insert(userImages)
    .values({
      id,
      userId: image.userId,
      source: image.source,
      storageKey,
      caption: cleanCaption(image.caption),
      bytes: image.bytes.length,
      licence: image.licence ?? null,
      attribution: image.attribution ?? null,
      sourceUrl: image.sourceUrl ?? null,
      contentHash: pictureHash(image.bytes),
    })
    .returning();
  return row!;
}

/** The user's pictures, newest first (at most LIBRARY_MAX_IMAGES). */
export function libraryImages(db: Db, userId: number): Promise<UserImageRow[]> {
  return db.select().from(userImages).where(eq(userImages.userId, userId)).orderBy(desc(userImages.createdAt)).limit(LIBRARY_MAX_IMAGES);
}

export function presentImage(row: UserImageRow) {
  return { imageId: row.id, url: mediaUrl(row.storageKey), caption: row.caption };
}
