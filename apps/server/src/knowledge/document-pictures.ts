import { and, count, eq, inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import { addLibraryImage, LIBRARY_MAX_IMAGES, pictureHash } from '../images/library.js';
import { userImages } from '../images/tables.js';
import type { Db } from '../platform/db/index.js';
import type { ObjectStorage } from '../platform/storage/object-storage.js';
import type { KnowledgeFileType } from './parse/index.js';
import { extractPictures } from './parse/pictures/index.js';

/**
 * The pictures inside uploaded knowledge-base documents go into the user's image library
 * (source 'knowledge'), captioned by the text around them, so the picture search finds them
 * (issue 18; decision 065). This runs after the upload has answered, one upload at a time:
 * reading a document's pictures is slower than reading its text, and a picture that cannot be
 * read must never cost the user the upload.
 */
export interface DocumentPictureDeps {
  db: Db;
  storage: ObjectStorage;
  logger: Logger;
  /** The library's cap (LIBRARY_MAX_IMAGES); tests lower it. */
  maxLibraryImages?: number;
}

export interface UploadedDocument {
  name: string;
  type: KnowledgeFileType;
  bytes: Buffer;
}

/** Adds the documents' pictures to the user's library; answers how many were added. Never throws. */
export async function addDocumentPictures(deps: DocumentPictureDeps, userId: number, documents: readonly UploadedDocument[]): Promise<number> {
  let added = 0;
  for (const document of documents) {
    if (document.type !== 'docx' && document.type !== 'pdf') continue;
    try {
      const result = await addPicturesOf(deps, userId, document);
      added += result.added;
      deps.logger.info({ userId, type: document.type, ...result }, 'knowledge pictures read');
    } catch (error) {
      deps.logger.warn({ err: error, userId, file: document.name }, 'knowledge pictures: the document was skipped');
    }
  }
  return added;
}

async function addPicturesOf(deps: DocumentPictureDeps, userId: number, document: UploadedDocument): Promise<{ found: number; added: number }> {
  const pictures = await extractPictures(document.bytes, document.type, document.name);
  if (pictures.length === 0) return { found: 0, added: 0 };
  const [held] = await deps.db.select({ total: count() }).from(userImages).where(eq(userImages.userId, userId));
  let room = (deps.maxLibraryImages ?? LIBRARY_MAX_IMAGES) - Number(held?.total ?? 0);
  // The same document uploaded again (or a picture it repeats) is not added twice.
  const hashes = pictures.map((picture) => pictureHash(picture.bytes));
  const known = new Set(
    (
      await deps.db
        .select({ hash: userImages.contentHash })
        .from(userImages)
        .where(and(eq(userImages.userId, userId), eq(userImages.source, 'knowledge'), inArray(userImages.contentHash, [...new Set(hashes)])))
    ).map((row) => row.hash),
  );
  let added = 0;
  for (const [i, picture] of pictures.entries()) {
    if (room <= 0) {
      deps.logger.info({ userId, file: document.name }, 'knowledge pictures: the library is full');
      break;
    }
    const hash = hashes[i]!;
    if (known.has(hash)) continue;
    known.add(hash);
    try {
      await addLibraryImage(deps, { userId, source: 'knowledge', bytes: picture.bytes, caption: picture.caption || `《${document.name}》中的图片` });
      added += 1;
      room -= 1;
    } catch (error) {
      deps.logger.warn({ err: error, userId, file: document.name }, 'knowledge pictures: a picture was skipped');
    }
  }
  return { found: pictures.length, added };
}

/** Uploads waiting for their pictures beyond this many are not read for pictures (the text is kept). */
const MAX_WAITING = 50;

/**
 * Runs the picture work of uploads one after another, off the upload's answer. `settled()`
 * waits for what was started (the app waits on close, tests before they look).
 */
export class DocumentPictureWork {
  #tail: Promise<unknown> = Promise.resolve();
  #waiting = 0;

  constructor(private readonly deps: DocumentPictureDeps) {}

  start(userId: number, documents: readonly UploadedDocument[]): void {
    if (!documents.some((document) => document.type === 'docx' || document.type === 'pdf')) return;
    if (this.#waiting >= MAX_WAITING) {
      this.deps.logger.warn({ userId }, 'knowledge pictures: too many uploads waiting; this one is not read for pictures');
      return;
    }
    this.#waiting += 1;
    // After the answer has gone out: the extraction starts on a later turn of the event loop.
    this.#tail = this.#tail
      .then(() => new Promise((resolve) => setImmediate(resolve)))
      .then(() => addDocumentPictures(this.deps, userId, documents))
      .catch((error: unknown) => this.deps.logger.error({ err: error, userId }, 'knowledge pictures failed'))
      .finally(() => {
        this.#waiting -= 1;
      });
  }

  async settled(): Promise<void> {
    let tail: Promise<unknown>;
    do {
      tail = this.#tail;
      await tail;
    } while (tail !== this.#tail);
  }
}
