import { countCjkLength } from '@tianma/shared';
import { collapseBlankLines } from './clean-text.js';
import type { TextEncodingName } from './decode-text.js';
import { detectFileType, type KnowledgeFileType } from './detect-type.js';
import { KnowledgeParseError } from './errors.js';
import { parseMarkdown, parsePlainText } from './parse-markdown.js';

export { detectFileType, fileExtension, type KnowledgeFileType } from './detect-type.js';
export { KnowledgeParseError, type KnowledgeParseReason, PARSE_MESSAGES } from './errors.js';

export interface ParsedDocument {
  type: KnowledgeFileType;
  /** Markdown-ish text: `#` headings, `| a | b |` table rows, blank lines between blocks. */
  text: string;
  /** Length as the product counts it (countCjkLength): one per Chinese character or Latin word. */
  chars: number;
  headings?: string[];
  /** PDF only. */
  pages?: number;
  /** txt and md only: the encoding the bytes were detected as. */
  encoding?: TextEncodingName;
}

/**
 * Parses one uploaded knowledge file. Throws KnowledgeParseError (with a Chinese userMessage)
 * for anything that yields no usable text: an empty result is an error, never a quiet success.
 */
export async function parseDocument(bytes: Buffer, fileName: string): Promise<ParsedDocument> {
  const type = detectFileType(bytes, fileName);
  const parsed = await parseByType(type, bytes);
  const text = stripControlCharacters(parsed.text);
  const chars = countCjkLength(text);
  if (chars === 0) throw new KnowledgeParseError('empty', { internal: `${fileName}: no text` });
  return { ...parsed, type, text, chars };
}

async function parseByType(type: KnowledgeFileType, bytes: Buffer): Promise<Omit<ParsedDocument, 'type' | 'chars'>> {
  switch (type) {
    // PDF and Word parsers (pdf.js, mammoth) load on the first such upload, not in every process.
    case 'pdf':
      return (await import('./parse-pdf.js')).parsePdf(bytes);
    case 'docx':
      return (await import('./parse-docx.js')).parseDocx(bytes);
    case 'md':
      return parseMarkdown(bytes);
    case 'txt': {
      const { text, encoding } = parsePlainText(bytes);
      return { text, encoding };
    }
  }
}

/**
 * NUL and other control characters can come out of any of the parsers; PostgreSQL refuses NUL
 * in text, and none of them mean anything to a reader.
 */
function stripControlCharacters(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  return collapseBlankLines(text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, '').replace(/^\ufeff/, ''));
}
