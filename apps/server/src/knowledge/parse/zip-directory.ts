import { inflateRawSync } from 'node:zlib';

/**
 * A small reader of a zip's central directory: enough to tell a .docx from other files and to
 * refuse a zip bomb before mammoth (JSZip) inflates anything. It never inflates on its own
 * except in `inflatedSizeWithin`, which stops at a cap.
 */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflate; JSZip (inside mammoth) reads only these two. */
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const MAX_COMMENT = 0xffff;
const MAX_ENTRIES = 10_000;

export const isZipSignature = (bytes: Uint8Array) =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** The entries of a zip, or null when the bytes are no readable zip (no end record, broken directory). */
export function readZipDirectory(bytes: Buffer): ZipEntry[] | null {
  const eocd = findEndRecord(bytes);
  if (eocd < 0) return null;
  let count = bytes.readUInt16LE(eocd + 10);
  let directoryOffset = bytes.readUInt32LE(eocd + 16);
  if (count === 0xffff || directoryOffset === 0xffffffff) {
    const zip64 = readZip64End(bytes, eocd);
    if (!zip64) return null;
    ({ count, directoryOffset } = zip64);
  }
  if (count > MAX_ENTRIES) return null;

  const entries: ZipEntry[] = [];
  let at = directoryOffset;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL_SIGNATURE) return null;
    const flags = bytes.readUInt16LE(at + 8);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const nameEnd = at + 46 + nameLength;
    if (nameEnd + extraLength > bytes.length) return null;
    const entry: ZipEntry = {
      // Bit 11: UTF-8 names; otherwise CP437, of which we only ever compare the ASCII part.
      name: bytes.toString(flags & 0x800 ? 'utf8' : 'latin1', at + 46, nameEnd),
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      uncompressedSize: bytes.readUInt32LE(at + 24),
      localHeaderOffset: bytes.readUInt32LE(at + 42),
    };
    applyZip64Extra(entry, bytes.subarray(nameEnd, nameEnd + extraLength));
    entries.push(entry);
    at = nameEnd + extraLength + commentLength;
  }
  return entries;
}

/**
 * Inflates one entry with a cap and says whether it stays within `limit` bytes. Used because a
 * zip bomb can declare small sizes in the directory and still inflate to gigabytes.
 * Throws when the entry's data cannot be read at all (caller: corrupt).
 */
export function inflatedSizeWithin(bytes: Buffer, entry: ZipEntry, limit: number): boolean {
  const data = entryData(bytes, entry);
  if (entry.method === 0) return data.length <= limit;
  if (entry.method !== 8) throw new Error(`zip method ${entry.method} not supported`);
  try {
    return inflateRawSync(data, { maxOutputLength: Math.max(1, limit) }).length <= limit;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return false;
    throw error;
  }
}

function entryData(bytes: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localHeaderOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL_SIGNATURE) throw new Error('bad local header');
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  const end = start + entry.compressedSize;
  if (end > bytes.length) throw new Error('entry past end of file');
  return bytes.subarray(start, end);
}

function findEndRecord(bytes: Buffer): number {
  const lowest = Math.max(0, bytes.length - 22 - MAX_COMMENT);
  for (let at = bytes.length - 22; at >= lowest; at -= 1) {
    if (bytes.readUInt32LE(at) === EOCD_SIGNATURE) return at;
  }
  return -1;
}

function readZip64End(bytes: Buffer, eocd: number): { count: number; directoryOffset: number } | null {
  const locator = eocd - 20;
  if (locator < 0 || bytes.readUInt32LE(locator) !== ZIP64_LOCATOR_SIGNATURE) return null;
  const at = Number(bytes.readBigUInt64LE(locator + 8));
  if (at + 56 > bytes.length || bytes.readUInt32LE(at) !== ZIP64_EOCD_SIGNATURE) return null;
  return { count: Number(bytes.readBigUInt64LE(at + 32)), directoryOffset: Number(bytes.readBigUInt64LE(at + 48)) };
}

/** Zip64 extended information (id 1) holds the 64-bit values of fields set to 0xFFFFFFFF, in this order. */
function applyZip64Extra(entry: ZipEntry, extra: Buffer): void {
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at);
    const size = extra.readUInt16LE(at + 2);
    if (id === 1) {
      let field = at + 4;
      const next = () => {
        const value = field + 8 <= at + 4 + size && field + 8 <= extra.length ? Number(extra.readBigUInt64LE(field)) : 0;
        field += 8;
        return value;
      };
      if (entry.uncompressedSize === 0xffffffff) entry.uncompressedSize = next();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = next();
      if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = next();
      return;
    }
    at += 4 + size;
  }
}
