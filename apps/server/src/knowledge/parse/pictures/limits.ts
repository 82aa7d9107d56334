import { IMAGE_MAX_BYTES } from '../../../images/library.js';

/** A document's pictures beyond this many are left out: the library is for pictures, not for every icon of a manual. */
export const MAX_PICTURES_PER_DOCUMENT = 20;
/** One picture may be as large as the library takes one (5 MB). */
export const MAX_PICTURE_BYTES = IMAGE_MAX_BYTES;
/** All of one document's pictures together: what a 10 MB upload may reasonably unpack to. */
export const MAX_DOCUMENT_PICTURE_BYTES = 40 * 1024 * 1024;
/** Narrower or lower than this (in pixels): a rule, a bullet, an icon, not a picture anyone would reuse. */
export const MIN_PICTURE_SIDE = 48;
/** Decoded pixels past this are not worth the memory (a 5000×5000 scan); the picture is skipped. */
export const MAX_PICTURE_PIXELS = 25_000_000;

export interface ExtractedPicture {
  /** PNG or JPEG. */
  bytes: Buffer;
  caption: string;
}
