import { KnowledgeParseError } from './errors.js';

/**
 * Decodes an uploaded text file whose encoding nobody told us. Chinese users send UTF-8, GBK
 * (Windows Notepad before 2019, Excel exports) and UTF-16 ("Unicode" in Notepad), with or
 * without a BOM. Detection is by evidence, in this order: a BOM; the zero bytes UTF-16 gives
 * ASCII characters; strict UTF-8 validity; UTF-16 without any zero byte (pure Chinese), only
 * when the bytes do not read as GB2312 pairs; otherwise GB18030, the superset of GBK.
 */
export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'gb18030';

export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
  bom: boolean;
}

const SAMPLE_BYTES = 64 * 1024;
/** Share of control characters (or undecodable bytes) above which a "text" is binary. */
const MAX_CONTROL_RATIO = 0.01;

export function decodeText(bytes: Uint8Array): DecodedText {
  const detected = detectTextEncoding(bytes);
  const body = bytes.subarray(detected.bom ? bomLength(detected.encoding) : 0);
  // NOTE: ignoreBOM keeps a second BOM as text; the one we detected is already cut off.
  const text = new TextDecoder(detected.encoding, { ignoreBOM: true }).decode(body);
  if (looksBinary(text)) {
    throw new KnowledgeParseError('type_mismatch', {
      userMessage: '文件内容不是纯文本（包含二进制内容），请上传文本文件',
      internal: `binary content (decoded as ${detected.encoding})`,
    });
  }
  return { text, ...detected };
}

export function detectTextEncoding(bytes: Uint8Array): { encoding: TextEncodingName; bom: boolean } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', bom: true };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', bom: true };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', bom: true };

  const sample = bytes.subarray(0, SAMPLE_BYTES - (Math.min(bytes.length, SAMPLE_BYTES) % 2));
  const zeros = zeroParity(sample);
  if (bytes.length % 2 === 0 && zeros.total > 0) {
    // ASCII in UTF-16 is a zero high byte: odd positions for little-endian, even for big-endian.
    if (zeros.odd >= 0.9 * zeros.total && utf16Plausibility(sample, 'utf-16le') >= 0.9) return { encoding: 'utf-16le', bom: false };
    if (zeros.even >= 0.9 * zeros.total && utf16Plausibility(sample, 'utf-16be') >= 0.9) return { encoding: 'utf-16be', bom: false };
  }
  if (isValidUtf8(bytes)) return { encoding: 'utf-8', bom: false };
  if (bytes.length % 2 === 0 && gb2312PairShare(sample) < 0.5) {
    for (const encoding of ['utf-16le', 'utf-16be'] as const) {
      if (utf16Plausibility(sample, encoding) >= 0.95) return { encoding, bom: false };
    }
  }
  return { encoding: 'gb18030', bom: false };
}

const bomLength = (encoding: TextEncodingName) => (encoding === 'utf-8' ? 3 : 2);

function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

function zeroParity(sample: Uint8Array): { even: number; odd: number; total: number } {
  let even = 0;
  let odd = 0;
  for (let i = 0; i < sample.length; i += 1) {
    if (sample[i] === 0) {
      if (i % 2 === 0) even += 1;
      else odd += 1;
    }
  }
  return { even, odd, total: even + odd };
}

/** Share of UTF-16 code units that Chinese or ASCII text is made of; random bytes score low. */
function utf16Plausibility(sample: Uint8Array, encoding: 'utf-16le' | 'utf-16be'): number {
  const text = new TextDecoder(encoding, { ignoreBOM: true }).decode(sample);
  if (text.length === 0) return 0;
  let plausible = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (isCommonTextUnit(text.charCodeAt(i))) plausible += 1;
  }
  return plausible / text.length;
}

function isCommonTextUnit(unit: number): boolean {
  return (
    unit === 0x09 ||
    unit === 0x0a ||
    unit === 0x0d ||
    (unit >= 0x20 && unit <= 0x7e) ||
    (unit >= 0xa0 && unit <= 0xff) ||
    (unit >= 0x2000 && unit <= 0x206f) || // general punctuation: — … “ ”
    (unit >= 0x3000 && unit <= 0x303f) || // CJK punctuation: 、。「」
    (unit >= 0x4e00 && unit <= 0x9fff) || // CJK unified ideographs
    (unit >= 0xff00 && unit <= 0xffef) // full-width forms: ，！？（）
  );
}

/**
 * Of the byte pairs that start with a high byte, the share inside GB2312's hanzi and symbol
 * area (A1–F7, A1–FE): near 1 for GBK Chinese, near 0 for UTF-16 Chinese, whose every other
 * byte lies in 4E–9F.
 */
function gb2312PairShare(sample: Uint8Array): number {
  let pairs = 0;
  let inside = 0;
  for (let i = 0; i < sample.length - 1; i += 1) {
    const lead = sample[i]!;
    if (lead < 0x81) continue;
    const trail = sample[i + 1]!;
    pairs += 1;
    if (lead >= 0xa1 && lead <= 0xf7 && trail >= 0xa1 && trail <= 0xfe) inside += 1;
    i += 1;
  }
  return pairs === 0 ? 0 : inside / pairs;
}

/** Binary files decode to many C0/C1 control characters or to undecodable bytes (U+FFFD). */
function looksBinary(text: string): boolean {
  if (text.length === 0) return false;
  let suspicious = 0;
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    const isControl = (unit < 0x20 && unit !== 0x09 && unit !== 0x0a && unit !== 0x0d && unit !== 0x0c) || (unit >= 0x7f && unit <= 0x9f);
    if (isControl || unit === 0xfffd) suspicious += 1;
  }
  return suspicious / text.length > MAX_CONTROL_RATIO;
}
