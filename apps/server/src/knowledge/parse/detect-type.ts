import { KnowledgeParseError } from './errors.js';
import { isZipSignature, readZipDirectory } from './safe-unzip.js';

export type KnowledgeFileType = 'txt' | 'md' | 'pdf' | 'docx';

const TYPE_BY_EXTENSION: Record<string, KnowledgeFileType> = {
  txt: 'txt',
  text: 'txt',
  md: 'md',
  markdown: 'md',
  pdf: 'pdf',
  docx: 'docx',
};

/** What the first bytes say, whatever the name claims. */
type Sniffed = 'pdf' | 'zip' | 'ole' | 'binary' | 'unknown';

const OLE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** Formats people rename by mistake: images, executables, archives, media. */
const BINARY_SIGNATURES: number[][] = [
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  [0x1f, 0x8b, 0x08], // gzip
  [0x52, 0x61, 0x72, 0x21], // RAR
  [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], // 7z
  [0x52, 0x49, 0x46, 0x46], // RIFF: webp, wav, avi
  [0x49, 0x44, 0x33], // ID3: mp3
  [0x50, 0x4b, 0x05, 0x06], // empty zip
];

const SNIFF_HINT: Partial<Record<Sniffed, string>> = {
  pdf: 'PDF 文件',
  zip: '压缩包或 Office 文档',
  ole: '旧版 Office 文档（如 .doc）',
  binary: '图片、程序或其他二进制文件',
};

export function fileExtension(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).trim().toLowerCase() : '';
}

/**
 * The type of an uploaded knowledge file, from its name checked against its content.
 * Throws KnowledgeParseError: unsupported_type, doc_format, type_mismatch, encrypted, corrupt, empty.
 */
export function detectFileType(bytes: Buffer, fileName: string): KnowledgeFileType {
  const extension = fileExtension(fileName);
  if (extension === 'doc') throw new KnowledgeParseError('doc_format', { internal: `${fileName}: .doc` });
  const claimed = TYPE_BY_EXTENSION[extension];
  if (!claimed) throw new KnowledgeParseError('unsupported_type', { internal: `${fileName}: extension "${extension}"` });
  if (bytes.length === 0) throw new KnowledgeParseError('empty', { internal: `${fileName}: 0 bytes` });

  const sniffed = sniff(bytes);
  const mismatch = (userMessage: string) =>
    new KnowledgeParseError('type_mismatch', { userMessage, internal: `${fileName}: claimed ${claimed}, content looks ${sniffed}` });

  switch (claimed) {
    case 'pdf':
      if (sniffed === 'pdf') return 'pdf';
      throw mismatch(`文件内容不是有效的PDF${hint(sniffed)}，请确认文件后重新上传`);
    case 'docx':
      if (sniffed === 'ole') throw oleDocument(bytes, fileName);
      if (sniffed !== 'zip') throw mismatch(`文件内容不是有效的 Word 文档（.docx）${hint(sniffed)}，请确认文件后重新上传`);
      return checkDocxDirectory(bytes, fileName, mismatch);
    default:
      if (sniffed !== 'unknown') throw mismatch(`文件内容不是纯文本${hint(sniffed)}，请上传文本文件`);
      return claimed;
  }
}

function checkDocxDirectory(bytes: Buffer, fileName: string, mismatch: (message: string) => KnowledgeParseError): 'docx' {
  const entries = readZipDirectory(bytes);
  if (!entries) throw new KnowledgeParseError('corrupt', { internal: `${fileName}: unreadable zip directory` });
  if (!entries.some((entry) => entry.name === 'word/document.xml')) {
    throw mismatch('文件内容不是有效的 Word 文档（.docx）（压缩包中没有 Word 正文），请确认文件后重新上传');
  }
  return 'docx';
}

/**
 * An OLE container named .docx is either an old .doc renamed, or a password-protected .docx
 * (Office wraps encrypted documents in OLE with an "EncryptedPackage" stream).
 */
function oleDocument(bytes: Buffer, fileName: string): KnowledgeParseError {
  if (bytes.includes(Buffer.from('EncryptedPackage', 'utf16le'))) {
    return new KnowledgeParseError('encrypted', { internal: `${fileName}: encrypted OOXML` });
  }
  return new KnowledgeParseError('doc_format', { internal: `${fileName}: OLE content named .docx` });
}

function sniff(bytes: Buffer): Sniffed {
  // The PDF header may follow some junk; readers accept it within the first 1024 bytes.
  if (bytes.subarray(0, 1024).includes('%PDF-')) return 'pdf';
  if (isZipSignature(bytes)) return 'zip';
  if (startsWith(bytes, OLE_SIGNATURE)) return 'ole';
  if (BINARY_SIGNATURES.some((signature) => startsWith(bytes, signature)) || isWindowsExecutable(bytes)) return 'binary';
  return 'unknown';
}

/** "MZ" alone could begin a text; an .exe also points at a "PE\0\0" header from offset 0x3C. */
function isWindowsExecutable(bytes: Buffer): boolean {
  if (bytes.length < 0x40 || bytes[0] !== 0x4d || bytes[1] !== 0x5a) return false;
  const pe = bytes.readUInt32LE(0x3c);
  return pe + 4 <= bytes.length && bytes.readUInt32BE(pe) === 0x50450000;
}

function startsWith(bytes: Buffer, signature: number[]): boolean {
  return bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);
}

const hint = (sniffed: Sniffed) => (SNIFF_HINT[sniffed] ? `（内容看起来是${SNIFF_HINT[sniffed]}）` : '');
