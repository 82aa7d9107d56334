import { crc32, deflateRawSync } from 'node:zlib';

/**
 * A minimal zip writer for crafted test files: fake .docx packages and zip bombs. `declaredSize`
 * overrides the uncompressed size written in the headers, to lie the way a bomb can.
 */
export interface ZipInput {
  name: string;
  data: Buffer;
  method?: 0 | 8;
  declaredSize?: number;
  /** Already deflated bytes (method 8), when the test built them itself. */
  deflated?: Buffer;
  /** A local record that the central directory does not list. */
  unlisted?: boolean;
}

export function writeZip(entries: ZipInput[]): Buffer {
  return assembleZip(entries, []);
}

/**
 * A package whose central directory points `hidden.name` at a local record tucked inside the
 * stored data of a padding entry, while a `decoy` record of the same name, which the directory
 * does not list, follows in file order: a reader that walks the local headers and one that
 * follows the directory find different data under one name.
 */
export function zipWithHiddenPart(entries: ZipInput[], hidden: ZipInput, decoy: ZipInput): Buffer {
  const padding: ZipInput = { name: 'word/padding.bin', data: zipRecords(hidden, 0).local, method: 0 };
  const paddingAt = entries.reduce((offset, entry) => offset + zipRecords(entry, 0).local.length, 0);
  const hiddenAt = paddingAt + 30 + Buffer.byteLength(padding.name);
  return assembleZip([...entries, padding, { ...decoy, unlisted: true }], [zipRecords(hidden, hiddenAt).central]);
}

/** The local records in order, then the directory: theirs (unless unlisted) and `moreCentrals`. */
function assembleZip(entries: ZipInput[], moreCentrals: Buffer[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const { local, central } = zipRecords(entry, offset);
    locals.push(local);
    if (!entry.unlisted) centrals.push(central);
    offset += local.length;
  }
  centrals.push(...moreCentrals);
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length, 8);
  end.writeUInt16LE(centrals.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** An entry's local record (header and data) as written at `offset`, and its central directory record. */
function zipRecords(entry: ZipInput, offset: number): { local: Buffer; central: Buffer } {
  const method = entry.method ?? 8;
  const stored = entry.deflated ?? (method === 8 ? deflateRawSync(entry.data) : entry.data);
  const name = Buffer.from(entry.name, 'utf8');
  const size = entry.declaredSize ?? entry.data.length;
  const crc = crc32(entry.data);

  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(0x800, 6);
  local.writeUInt16LE(method, 8);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(stored.length, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(name.length, 26);

  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(0x800, 8);
  central.writeUInt16LE(method, 10);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(stored.length, 20);
  central.writeUInt32LE(size, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(offset, 42);
  return { local: Buffer.concat([local, name, stored]), central: Buffer.concat([central, name]) };
}

/** The parts a .docx needs besides word/document.xml: mammoth needs the relationships too. */
export const docxFrame = (): ZipInput[] => [
  {
    name: '[Content_Types].xml',
    data: Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
  },
  {
    name: '_rels/.rels',
    data: Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
  },
];

/** The smallest package that passes the type check and that mammoth reads. */
export function minimalDocx(documentXml: string): Buffer {
  return writeZip([...docxFrame(), { name: 'word/document.xml', data: Buffer.from(documentXml) }]);
}

export const wordDocumentXml = (paragraphs: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs
    .map((text) => `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`)
    .join('')}</w:body></w:document>`;
