/**
 * Writes small PDFs with Latin text in Helvetica (a standard font, nothing embedded), placed
 * where the test says: enough for page numbers, wrapping and encryption cases the fixtures
 * do not cover.
 */
export interface PdfTextRun {
  text: string;
  x: number;
  y: number;
  size?: number;
}

export interface PdfOptions {
  pages: PdfTextRun[][];
  /** Adds a standard-security /Encrypt entry whose user password is not empty. */
  encrypted?: boolean;
}

const escapePdfString = (text: string) => text.replace(/[\\()]/g, (ch) => `\\${ch}`);

export function buildPdf({ pages, encrypted = false }: PdfOptions): Buffer {
  const objects: string[] = [];
  const pageCount = pages.length;
  const fontId = 3 + pageCount * 2;
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  objects.push(`<< /Type /Pages /Kids [${pages.map((_, i) => `${3 + i * 2} 0 R`).join(' ')}] /Count ${pageCount} >>`);
  pages.forEach((runs, i) => {
    const content = runs.map((run) => `BT /F1 ${run.size ?? 12} Tf ${run.x} ${run.y} Td (${escapePdfString(run.text)}) Tj ET`).join('\n');
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents ${4 + i * 2} 0 R /Resources << /Font << /F1 ${fontId} 0 R >> >> >>`);
    objects.push(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`);
  });
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const encryptId = objects.length + 1;
  if (encrypted) {
    const filler = 'A5'.repeat(32);
    objects.push(`<< /Filter /Standard /V 1 /R 2 /Length 40 /O <${filler}> /U <${'5A'.repeat(32)}> /P -44 >>`);
  }

  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  const id = '<0123456789ABCDEF0123456789ABCDEF>';
  const encryptRef = encrypted ? ` /Encrypt ${encryptId} 0 R` : '';
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /ID [${id} ${id}]${encryptRef} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
