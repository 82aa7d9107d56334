import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { detectFileType, fileExtension, KnowledgeParseError, parseDocument } from '../../src/knowledge/parse/index.js';
import { buildPdf } from './helpers/pdf.js';
import { docxFrame, minimalDocx, wordDocumentXml, writeZip, zipWithHiddenPart } from './helpers/zip.js';

async function refusal(bytes: Buffer, fileName: string): Promise<KnowledgeParseError> {
  const error = await parseDocument(bytes, fileName).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(KnowledgeParseError);
  return error as KnowledgeParseError;
}

/** A Windows executable header: MZ, and at 0x3C the offset of "PE\0\0". */
function fakeExe(): Buffer {
  const bytes = Buffer.alloc(512);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  return bytes;
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const OLE = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);

describe('file type by name and by content', () => {
  it('reads the extension case-insensitively, from the last dot of the base name', () => {
    expect(fileExtension('报告.PDF')).toBe('pdf');
    expect(fileExtension('dir.v2/笔记.Md')).toBe('md');
    expect(fileExtension('README')).toBe('');
    expect(fileExtension('.bashrc')).toBe('');
  });

  it('accepts files whose content matches the name', () => {
    expect(detectFileType(buildPdf({ pages: [[{ text: 'x', x: 10, y: 10 }]] }), 'a.pdf')).toBe('pdf');
    expect(detectFileType(minimalDocx(wordDocumentXml(['你好'])), 'a.docx')).toBe('docx');
    expect(detectFileType(Buffer.from('你好'), 'a.txt')).toBe('txt');
    expect(detectFileType(Buffer.from('# 你好'), 'a.markdown')).toBe('md');
  });

  it('refuses .doc with the message that asks for .docx', async () => {
    const error = await refusal(OLE, '旧报告.doc');
    expect(error.reason).toBe('doc_format');
    expect(error.userMessage).toBe('暂不支持 .doc 格式（旧版 Word），请另存为 .docx 后再上传');
  });

  it('refuses an old .doc renamed to .docx as doc_format, an encrypted .docx as encrypted', async () => {
    expect((await refusal(OLE, 'renamed.docx')).reason).toBe('doc_format');
    const encrypted = Buffer.concat([OLE, Buffer.from('EncryptedPackage', 'utf16le'), Buffer.alloc(100)]);
    const error = await refusal(encrypted, 'secret.docx');
    expect(error.reason).toBe('encrypted');
    expect(error.userMessage).toContain('密码');
  });

  it('refuses other extensions', async () => {
    for (const name of ['photo.png', 'slides.pptx', 'book.epub', 'noextension']) {
      const error = await refusal(Buffer.from('hello'), name);
      expect(error.reason).toBe('unsupported_type');
      expect(error.userMessage).toContain('.txt、.md、.pdf 或 .docx');
    }
  });

  it('refuses an .exe or a .png renamed to .pdf, .docx, .txt or .md', async () => {
    for (const [bytes, kind] of [
      [fakeExe(), 'exe'],
      [PNG, 'png'],
    ] as const) {
      for (const name of [`${kind}.pdf`, `${kind}.docx`, `${kind}.txt`, `${kind}.md`]) {
        const error = await refusal(bytes, name);
        expect(error.reason, name).toBe('type_mismatch');
        expect(error.userMessage).toContain('图片、程序或其他二进制文件');
      }
    }
  });

  it('refuses a PDF named .txt, and a text named .pdf', async () => {
    const pdfAsText = await refusal(buildPdf({ pages: [[{ text: 'x', x: 10, y: 10 }]] }), 'a.txt');
    expect(pdfAsText.reason).toBe('type_mismatch');
    expect(pdfAsText.userMessage).toContain('PDF');
    expect((await refusal(Buffer.from('只是一段文字'), 'a.pdf')).reason).toBe('type_mismatch');
  });

  it('refuses a zip without word/document.xml named .docx', async () => {
    const zip = writeZip([{ name: 'readme.txt', data: Buffer.from('hello') }]);
    const error = await refusal(zip, 'a.docx');
    expect(error.reason).toBe('type_mismatch');
    expect(error.userMessage).toContain('Word');
  });

  it('refuses a .txt that is binary without any known signature', async () => {
    let seed = 42;
    const noise = Buffer.alloc(4096, 0).map(() => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed >> 16;
    });
    const error = await refusal(Buffer.from(noise), 'noise.txt');
    expect(error.reason).toBe('type_mismatch');
    expect(error.userMessage).toContain('二进制');
  });
});

describe('empty results are errors', () => {
  it('an empty file, of any type', async () => {
    for (const name of ['a.txt', 'a.md', 'a.pdf', 'a.docx']) {
      const error = await refusal(Buffer.alloc(0), name);
      expect(error.reason, name).toBe('empty');
      expect(error.userMessage).toBe('文件内容为空或无法提取文字');
    }
  });

  it('a text of whitespace and punctuation only', async () => {
    expect((await refusal(Buffer.from(' \n\t\r\n  \n'), 'blank.txt')).reason).toBe('empty');
    expect((await refusal(Buffer.from('\ufeff\n...\n'), 'dots.md')).reason).toBe('empty');
  });

  it('a docx without any text', async () => {
    expect((await refusal(minimalDocx(wordDocumentXml([])), 'blank.docx')).reason).toBe('empty');
  });
});

describe('broken and protected PDFs', () => {
  it('a PDF that needs a password', async () => {
    const error = await refusal(buildPdf({ pages: [[{ text: 'secret', x: 50, y: 700 }]], encrypted: true }), 'locked.pdf');
    expect(error.reason).toBe('encrypted');
    expect(error.userMessage).toContain('密码');
  });

  it('a PDF header over garbage', async () => {
    const error = await refusal(Buffer.from('%PDF-1.7\nthis is not really a pdf'), 'broken.pdf');
    expect(error.reason).toBe('corrupt');
  });

  it('a PDF whose pages hold no text at all reads as a scan', async () => {
    expect((await refusal(buildPdf({ pages: [[], []] }), 'blank.pdf')).reason).toBe('scanned_pdf');
  });
});

describe('zip bombs named .docx', () => {
  it('refuses a package whose directory declares gigabytes, before inflating anything', async () => {
    const bomb = writeZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'word/document.xml', data: Buffer.from('<w:document/>'), declaredSize: 0xfffffff0 },
    ]);
    const started = performance.now();
    const error = await refusal(bomb, 'bomb.docx');
    expect(error.reason).toBe('too_large_expanded');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('refuses a package that declares small sizes and inflates past them, stopping at the cap', async () => {
    // 32 MB of zeros deflate to ~32 KB; the directory claims 2 KB.
    const deflated = deflateRawSync(Buffer.alloc(32 * 1024 * 1024));
    const bomb = writeZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'word/document.xml', data: Buffer.alloc(0), deflated, declaredSize: 2048 },
    ]);
    const started = performance.now();
    const error = await refusal(bomb, 'liar.docx');
    expect(error.reason).toBe('too_large_expanded');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('refuses a package whose parts keep to their declared sizes but repeat past the cap', async () => {
    // The directory lists word/extra.xml once (20 MB, within the cap); four local records bear
    // that name, and a walk of the local headers inflates each of them.
    const extra = { name: 'word/extra.xml', data: Buffer.alloc(0), deflated: deflateRawSync(Buffer.alloc(20 * 1024 * 1024)), declaredSize: 20 * 1024 * 1024 };
    const bomb = writeZip([
      ...docxFrame(),
      { name: 'word/document.xml', data: Buffer.from(wordDocumentXml(['正文'])) },
      extra,
      ...[1, 2, 3].map(() => ({ ...extra, unlisted: true })),
    ]);
    const error = await refusal(bomb, 'repeats.docx');
    expect(error.reason).toBe('too_large_expanded');
  });

  it('gives the Word reader only the parts it measured, whatever the directory points at', async () => {
    // The directory points word/document.xml at a bomb hidden inside another entry; walking the
    // local headers finds an honest record of that name instead.
    const hidden = { name: 'word/document.xml', data: Buffer.alloc(0), deflated: deflateRawSync(Buffer.alloc(32 * 1024 * 1024)), declaredSize: 2048 };
    const decoy = { name: 'word/document.xml', data: Buffer.from(wordDocumentXml(['按文件顺序读到的正文。'])) };
    const started = performance.now();
    const doc = await parseDocument(zipWithHiddenPart(docxFrame(), hidden, decoy), 'hidden.docx');
    expect(doc.text).toBe('按文件顺序读到的正文。');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('refuses a package of more than 10 000 entries as unreadable', async () => {
    const many = Array.from({ length: 10_001 }, (_, i) => ({ name: `word/p${i}.xml`, data: Buffer.alloc(0), method: 0 as const }));
    const error = await refusal(writeZip([...docxFrame(), { name: 'word/document.xml', data: Buffer.from(wordDocumentXml(['正文'])) }, ...many]), 'many.docx');
    expect(error.reason).toBe('corrupt');
  });

  it('still parses a small honest package', async () => {
    const doc = await parseDocument(minimalDocx(wordDocumentXml(['小红书种草笔记。', '第二段。'])), 'tiny.docx');
    expect(doc.text).toBe('小红书种草笔记。\n\n第二段。');
    expect(doc.chars).toBe(12);
  });
});
