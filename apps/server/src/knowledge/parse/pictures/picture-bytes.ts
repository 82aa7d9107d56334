import { MAX_PICTURE_BYTES, MAX_PICTURE_PIXELS, MIN_PICTURE_SIDE } from './limits.js';

/**
 * Turns what a document holds into bytes the image library accepts (PNG or JPEG): the drawing
 * library is loaded on the first picture, like the parsers.
 */
const canvasModule = () => import('@napi-rs/canvas');

const isPng = (bytes: Uint8Array) => bytes.length > 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
const isJpeg = (bytes: Uint8Array) => bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

/**
 * An embedded picture file as PNG or JPEG, or null when it does not decode (a damaged part, EMF or
 * WMF drawings the decoder cannot read) or is too small to be a picture. PNG and JPEG are kept
 * as they are (decoding only proves they are whole); GIF, BMP and WebP are drawn again as PNG.
 */
export async function pictureFromFile(bytes: Buffer): Promise<Buffer | null> {
  const { loadImage, createCanvas } = await canvasModule();
  let image: Awaited<ReturnType<typeof loadImage>>;
  try {
    image = await loadImage(bytes);
  } catch {
    return null;
  }
  if (!isUsableSize(image.width, image.height)) return null;
  if ((isPng(bytes) || isJpeg(bytes)) && bytes.length <= MAX_PICTURE_BYTES) return bytes;
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  return encodeWithinCap(canvas);
}

/** Raw decoded pixels (a PDF's image) as PNG, or JPEG when the PNG would pass the library's cap. */
export async function pictureFromPixels(width: number, height: number, rgba: Uint8ClampedArray): Promise<Buffer | null> {
  if (!isUsableSize(width, height)) return null;
  const { createCanvas, ImageData } = await canvasModule();
  const canvas = createCanvas(width, height);
  canvas.getContext('2d').putImageData(new ImageData(rgba, width, height), 0, 0);
  return encodeWithinCap(canvas);
}

export const isUsableSize = (width: number, height: number) =>
  width >= MIN_PICTURE_SIDE && height >= MIN_PICTURE_SIDE && width * height <= MAX_PICTURE_PIXELS;

async function encodeWithinCap(canvas: { encode(format: 'png'): Promise<Buffer>; encode(format: 'jpeg', quality?: number): Promise<Buffer> }): Promise<Buffer | null> {
  const png = await canvas.encode('png');
  if (png.length <= MAX_PICTURE_BYTES) return png;
  // Photos compress badly as PNG; as JPEG the same picture is a fraction of the size.
  const jpeg = await canvas.encode('jpeg', 85);
  return jpeg.length <= MAX_PICTURE_BYTES ? jpeg : null;
}
