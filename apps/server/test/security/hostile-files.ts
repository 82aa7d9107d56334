import { deflateRawSync } from 'node:zlib';
import { buildPdf } from '../knowledge/helpers/pdf.js';
import { writeZip } from '../knowledge/helpers/zip.js';

/** Files that lie about what they are, for the upload cases. */

/** A Windows executable header: MZ, and at 0x3C the offset of "PE\0\0". */
export function fakeExe(): Buffer {
  const bytes = Buffer.alloc(512);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  return bytes;
}

/** A PDF whose page tree holds itself and whose xref section's /Prev points back at itself. */
export function loopingPdf(): Buffer {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [2 0 R] /Count 1 >>'];
  let text = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(text, 'latin1'));
    text += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(text, 'latin1');
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Prev ${xref} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

const SAMPLE_PDF = buildPdf({ pages: [[{ text: 'Battery costs and lifetimes of electric cars, compared in detail.', x: 50, y: 700 }]] });

export const truncatedPdf = () => SAMPLE_PDF.subarray(0, Math.floor(SAMPLE_PDF.length / 2));

/** A .docx whose directory declares a document of almost 4 GB. */
export const zipDeclaringGigabytes = () =>
  writeZip([
    { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
    { name: 'word/document.xml', data: Buffer.from('<w:document/>'), declaredSize: 0xfffffff0 },
  ]);

/** A .docx whose document declares 2 kB and inflates to 32 MB of zeros. */
export const zipInflatingPastItsSize = () =>
  writeZip([
    { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
    { name: 'word/document.xml', data: Buffer.alloc(0), deflated: deflateRawSync(Buffer.alloc(32 * 1024 * 1024)), declaredSize: 2048 },
  ]);
