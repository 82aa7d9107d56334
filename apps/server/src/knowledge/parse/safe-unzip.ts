import { Unzip, UnzipInflate, type Unzipped, unzipSync } from 'fflate';

/** One entry of a zip's central directory, the list that readers such as JSZip (inside mammoth) go by. */
export interface ZipEntry {
  name: string;
  /** What the directory declares; a zip bomb can lie here. */
  uncompressedSize: number;
}

/** An entry inflates past its declared size, or the entries together past the cap. */
export class ZipLimitError extends Error {
  override name = 'ZipLimitError';
}

const MAX_ENTRIES = 10_000;
/**
 * Deflate expands a byte to at most ~1032, so the compressed bytes fed in at one step are the
 * allowance left over 1024, within these bounds: a step inflates at most ~16 MB, and little past
 * a small limit. Between entries (a header may start a bomb) steps are the smallest.
 */
const MIN_STEP_BYTES = 1024;
const MAX_STEP_BYTES = 16 * 1024;

export const isZipSignature = (bytes: Uint8Array) =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/**
 * The entries of a zip, read from its central directory without inflating anything, or null when
 * the bytes are no readable zip (no end record, more than 10 000 entries).
 */
export function readZipDirectory(bytes: Uint8Array): ZipEntry[] | null {
  const entries: ZipEntry[] = [];
  try {
    unzipSync(bytes, {
      filter: (file) => {
        if (entries.length >= MAX_ENTRIES) throw new Error(`more than ${MAX_ENTRIES} entries`);
        entries.push({ name: file.name, uncompressedSize: file.originalSize });
        return false;
      },
    });
  } catch {
    return null;
  }
  return entries;
}

/**
 * Inflates the entries named in `declared` a chunk at a time, and stops as soon as one inflates
 * past the size declared for it or all of them together past `maxTotalBytes` (ZipLimitError).
 * Entries are found by their local headers, in file order; a name that the stream never reaches
 * is missing from the answer. Throws a plain Error when the data cannot be read.
 */
export function unzipWithin(bytes: Uint8Array, declared: ReadonlyMap<string, number>, maxTotalBytes: number): Unzipped {
  const files: Unzipped = {};
  let total = 0;
  /** What the entry being inflated may still grow by; 0 between entries. */
  let allowance = 0;
  let failure: Error | null = null;
  const unzip = new Unzip((file) => {
    const limit = declared.get(file.name);
    if (limit === undefined || failure) return;
    // JSZip reads only stored (0) and deflated (8) entries.
    if (file.compression !== 0 && file.compression !== 8) {
      failure = new Error(`${file.name}: zip method ${file.compression} not supported`);
      return;
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    allowance = Math.min(limit, maxTotalBytes - total);
    // NOTE: errors are recorded, not thrown: fflate's inflater would catch a throw from here and call back again.
    file.ondata = (error, data, final) => {
      if (failure) return;
      if (error) {
        failure = new Error(`${file.name}: ${error.message}`);
        return;
      }
      size += data.length;
      total += data.length;
      allowance = Math.min(limit - size, maxTotalBytes - total);
      if (size > limit) failure = new ZipLimitError(`${file.name} inflates past its declared ${limit} bytes`);
      else if (total > maxTotalBytes) failure = new ZipLimitError(`the entries inflate past ${maxTotalBytes} bytes`);
      else chunks.push(data);
      if (final && !failure) {
        files[file.name] = concat(chunks, size);
        allowance = 0;
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  for (let at = 0; at < bytes.length && !failure; ) {
    const step = Math.min(MAX_STEP_BYTES, Math.max(MIN_STEP_BYTES, Math.floor(allowance / 1024)));
    unzip.push(bytes.subarray(at, at + step), at + step >= bytes.length);
    at += step;
  }
  if (failure) throw failure;
  return files;
}

function concat(chunks: Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
