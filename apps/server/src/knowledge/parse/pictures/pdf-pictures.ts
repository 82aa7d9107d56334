import { getResolvedPDFJS } from 'unpdf';
import { openPdf, type PdfDocument } from '../parse-pdf.js';
import type { PdfTextItem } from '../pdf-lines.js';
import { composeCaption } from './caption.js';
import { type ExtractedPicture, MAX_DOCUMENT_PICTURE_BYTES, MAX_PICTURES_PER_DOCUMENT } from './limits.js';
import { pictureFromPixels, isUsableSize } from './picture-bytes.js';
import { type PlacedImage, placeImages, type PlacementOps } from './pdf-placement.js';
import { ensureTransferToFixedLength } from './pdfjs-node20.js';
import { bodySize, lastHeading, linesNearPicture, type PlacedLine, placedLines } from './pdf-text-lines.js';

type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;

/** pdf.js's decoded image: what page.objs holds for an image XObject (or an inline image's data). */
interface DecodedImage {
  width: number;
  height: number;
  kind: number;
  data?: Uint8Array | Uint8ClampedArray;
  ref?: string | null;
}

/** pdf.js resolves an image's pixels by message; one that never comes must not hold the upload's pictures up. */
const OBJECT_WAIT_MS = 5000;
/** Placed smaller than this (points) on either side: a bullet or an icon, however many pixels it has. */
const MIN_PLACED_SIDE = 24;
/** A picture covering this share of a page with no text on it is a scanned page, not an illustration. */
const SCAN_COVER_SHARE = 0.6;

/**
 * A PDF's pictures with their captions: the images each page paints (where the operator list puts
 * them), their pixels as pdf.js decoded them, and the text lines nearest under and over them.
 */
export async function extractPdfPictures(bytes: Buffer): Promise<ExtractedPicture[]> {
  ensureTransferToFixedLength();
  const pdf = await openPdf(bytes);
  try {
    const { OPS, ImageKind } = await getResolvedPDFJS();
    const ops = OPS as unknown as PlacementOps;
    const pageLines: PlacedLine[][] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) pageLines.push(await readLines(pdf, number));
    const body = bodySize(pageLines.flat());

    const out: ExtractedPicture[] = [];
    const seen = new Set<string>();
    let total = 0;
    let carriedHeading: string | undefined;
    for (let number = 1; number <= pdf.numPages && out.length < MAX_PICTURES_PER_DOCUMENT; number += 1) {
      const lines = pageLines[number - 1]!;
      const page = await pdf.getPage(number).catch(() => null);
      if (page) {
        const placed = await page
          .getOperatorList()
          .then((list) => placeImages(list.fnArray, list.argsArray, ops))
          .catch(() => [] as PlacedImage[]);
        const pageArea = pageAreaOf(page);
        for (const image of placed) {
          if (out.length >= MAX_PICTURES_PER_DOCUMENT) break;
          const width = image.rect.right - image.rect.left;
          const height = image.rect.top - image.rect.bottom;
          if (width < MIN_PLACED_SIDE || height < MIN_PLACED_SIDE) continue;
          if (lines.length === 0 && width * height >= SCAN_COVER_SHARE * pageArea) continue;
          const decoded = await decodedImage(page, image);
          if (!decoded || !isUsableSize(decoded.width, decoded.height)) continue;
          // The same image painted again (a logo on every page) is one picture.
          const key = decoded.ref ?? ('objId' in image.source ? image.source.objId : `inline:${number}:${out.length}`);
          if (seen.has(key)) continue;
          seen.add(key);
          const rgba = toRgba(decoded, ImageKind as Record<string, number>);
          const picture = rgba ? await pictureFromPixels(decoded.width, decoded.height, rgba).catch(() => null) : null;
          if (!picture || total + picture.length > MAX_DOCUMENT_PICTURE_BYTES) continue;
          total += picture.length;
          const near = linesNearPicture(lines, image.rect, body);
          const heading = near.heading ?? carriedHeading;
          out.push({ bytes: picture, caption: composeCaption({ after: near.below, before: near.above, ...(heading ? { heading } : {}) }) });
        }
        page.cleanup();
      }
      carriedHeading = lastHeading(lines, body) ?? carriedHeading;
    }
    return out;
  } finally {
    await pdf.destroy();
  }
}

async function readLines(pdf: PdfDocument, number: number): Promise<PlacedLine[]> {
  try {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    return placedLines(content.items.filter((item): item is PdfTextItem & typeof item => 'str' in item));
  } catch {
    return [];
  }
}

function pageAreaOf(page: PdfPage): number {
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = page.view;
  return Math.abs((x1 - x0) * (y1 - y0));
}

async function decodedImage(page: PdfPage, image: PlacedImage): Promise<DecodedImage | null> {
  if ('inline' in image.source) return image.source.inline as DecodedImage;
  const { objId } = image.source;
  const objects = objId.startsWith('g_') ? page.commonObjs : page.objs;
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      new Promise<DecodedImage | null>((resolve) => objects.get(objId, (data: unknown) => resolve((data as DecodedImage | null) ?? null))),
      new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), OBJECT_WAIT_MS);
      }),
    ]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** pdf.js's three decoded layouts as RGBA; null for anything else (an ImageBitmap, a short buffer). */
export function toRgba(image: DecodedImage, kinds: Record<string, number>): Uint8ClampedArray | null {
  const { width, height, data } = image;
  if (!data) return null;
  const pixels = width * height;
  const rgba = new Uint8ClampedArray(pixels * 4);
  if (image.kind === kinds.RGBA_32BPP) {
    if (data.length < pixels * 4) return null;
    rgba.set(data.subarray(0, pixels * 4));
  } else if (image.kind === kinds.RGB_24BPP) {
    if (data.length < pixels * 3) return null;
    for (let i = 0, j = 0; i < pixels; i += 1, j += 3) {
      rgba[i * 4] = data[j]!;
      rgba[i * 4 + 1] = data[j + 1]!;
      rgba[i * 4 + 2] = data[j + 2]!;
      rgba[i * 4 + 3] = 255;
    }
  } else if (image.kind === kinds.GRAYSCALE_1BPP) {
    // Rows padded to whole bytes; a set bit is white (pdf.js has applied the Decode array already).
    const rowBytes = (width + 7) >> 3;
    if (data.length < rowBytes * height) return null;
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const value = data[y * rowBytes + (x >> 3)]! & (0x80 >> (x & 7)) ? 255 : 0;
        const at = (y * width + x) * 4;
        rgba[at] = value;
        rgba[at + 1] = value;
        rgba[at + 2] = value;
        rgba[at + 3] = 255;
      }
    }
  } else {
    return null;
  }
  return rgba;
}
