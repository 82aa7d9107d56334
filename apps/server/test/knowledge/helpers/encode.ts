/**
 * Encoders for test input. Node decodes GBK and GB18030 but cannot encode them, so the tables
 * are built by decoding every byte sequence once and inverting the result.
 */
let gbkTable: Map<string, number[]> | undefined;

function getGbkTable(): Map<string, number[]> {
  if (!gbkTable) {
    gbkTable = new Map();
    const decoder = new TextDecoder('gbk', { fatal: true });
    for (let lead = 0x81; lead <= 0xfe; lead += 1) {
      for (let trail = 0x40; trail <= 0xfe; trail += 1) {
        if (trail === 0x7f) continue;
        try {
          const ch = decoder.decode(new Uint8Array([lead, trail]));
          if (!gbkTable.has(ch)) gbkTable.set(ch, [lead, trail]);
        } catch {
          // not a GBK pair
        }
      }
    }
  }
  return gbkTable;
}

/** GB18030 four-byte form of a BMP character outside GBK, found by decoding the BMP ranges. */
function fourByteGb18030(ch: string): number[] {
  const decoder = new TextDecoder('gb18030');
  for (let b1 = 0x81; b1 <= 0x84; b1 += 1)
    for (let b2 = 0x30; b2 <= 0x39; b2 += 1)
      for (let b3 = 0x81; b3 <= 0xfe; b3 += 1)
        for (let b4 = 0x30; b4 <= 0x39; b4 += 1) {
          if (decoder.decode(new Uint8Array([b1, b2, b3, b4])) === ch) return [b1, b2, b3, b4];
        }
  throw new Error(`no GB18030 form for ${ch}`);
}

export function encodeGb18030(text: string, { fourByte = true } = {}): Buffer {
  const table = getGbkTable();
  const bytes: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code < 0x80) bytes.push(code);
    else if (table.has(ch)) bytes.push(...table.get(ch)!);
    else if (fourByte) bytes.push(...fourByteGb18030(ch));
    else throw new Error(`${ch} is not in GBK`);
  }
  return Buffer.from(bytes);
}

export const encodeGbk = (text: string) => encodeGb18030(text, { fourByte: false });

export function encodeUtf16(text: string, endian: 'le' | 'be', bom: boolean): Buffer {
  const le = Buffer.from(`${bom ? '\ufeff' : ''}${text}`, 'utf16le');
  return endian === 'le' ? le : Buffer.from(le).swap16();
}

export const encodeUtf8 = (text: string, bom: boolean) => Buffer.concat([bom ? Buffer.from([0xef, 0xbb, 0xbf]) : Buffer.alloc(0), Buffer.from(text, 'utf8')]);
