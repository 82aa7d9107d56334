import { lazyRequire } from '../platform/lazy-require.js';
import type { ObjectStorage } from '../platform/storage/object-storage.js';

/** Loaded by the first Word export that embeds an image. */
const canvasLib = lazyRequire<typeof import('@napi-rs/canvas')>('@napi-rs/canvas');

/**
 * The article's own images, read from storage for embedding in a Word file. Only images we
 * serve ourselves (`/media/articles/…`, relative or on our public address) are read; anything
 * else is never fetched: exporting must not make the server call out to the internet.
 */

export interface EmbeddableImage {
  data: Buffer;
  type: 'png' | 'jpg' | 'gif' | 'bmp';
  width: number;
  height: number;
}

export type ImageLoader = (src: string) => Promise<EmbeddableImage | null>;

const NAME_PATTERN = /^[A-Za-z0-9._-]{1,128}$/;
/** Larger files are left out rather than held in memory (generated images are well under this). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** The storage key of an image we serve, or null for any other address. */
export function storageKeyOf(src: string, publicUrl: string): string | null {
  let path: string;
  try {
    const url = new URL(src, `${publicUrl}/`);
    if (url.origin !== new URL(publicUrl).origin) return null;
    path = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  const match = /^\/media\/articles\/([^/]+)$/.exec(path);
  const name = match?.[1];
  if (!name || !NAME_PATTERN.test(name) || name.startsWith('.')) return null;
  return `articles/${name}`;
}

/** A picture's format by its first bytes; null for anything else. */
export function imageFormatOf(bytes: Buffer): EmbeddableImage['type'] | 'webp' | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.subarray(0, 4).toString('latin1') === 'GIF8') return 'gif';
  if (bytes.subarray(0, 2).toString('latin1') === 'BM') return 'bmp';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return null;
}

/** A stored picture's bytes; null when it is missing or larger than MAX_IMAGE_BYTES. */
export async function readStoredImageBytes(storage: ObjectStorage, key: string): Promise<Buffer | null> {
  const object = await storage.get(key);
  if (!object) return null;
  if (object.size > MAX_IMAGE_BYTES) {
    object.body.destroy();
    return null;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Reads and decodes one image. Word files cannot hold WebP, so WebP is redrawn as PNG. An image
 * that is missing, too large or not an image answers null; the caller keeps its alt text.
 */
export async function readEmbeddableImage(storage: ObjectStorage, key: string): Promise<EmbeddableImage | null> {
  const bytes = await readStoredImageBytes(storage, key);
  if (!bytes) return null;
  const format = imageFormatOf(bytes);
  if (!format) return null;
  const { createCanvas, loadImage } = canvasLib();
  const image = await loadImage(bytes).catch(() => null);
  if (!image || image.width < 1 || image.height < 1) return null;
  if (format !== 'webp') return { data: bytes, type: format, width: image.width, height: image.height };
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  return { data: await canvas.encode('png'), type: 'png', width: image.width, height: image.height };
}

/** A loader for one export: each image read once, our images only. */
export function storageImageLoader(storage: ObjectStorage, publicUrl: string): ImageLoader {
  const cache = new Map<string, Promise<EmbeddableImage | null>>();
  return (src) => {
    const key = storageKeyOf(src, publicUrl);
    if (!key) return Promise.resolve(null);
    let pending = cache.get(key);
    if (!pending) {
      pending = readEmbeddableImage(storage, key).catch(() => null);
      cache.set(key, pending);
    }
    return pending;
  };
}
