import { collapseBlankLines } from './clean-text.js';
import { decodeText, type TextEncodingName } from './decode-text.js';

/**
 * Plain text and markdown files. Markdown keeps its marks (the model reads markdown well); only
 * setext headings (Title⏎===) become `#` lines, so the chunker sees one heading syntax, and a
 * YAML front matter block is dropped.
 */
export interface ParsedText {
  text: string;
  encoding: TextEncodingName;
  headings: string[];
}

const ATX_HEADING = /^ {0,3}(#{1,6})[ \t]+(.+?)[ \t]*#*[ \t]*$/;
const FENCE = /^ {0,3}(```|~~~)/;

export function parsePlainText(bytes: Uint8Array): ParsedText {
  const { text, encoding } = decodeText(bytes);
  return { text: collapseBlankLines(text), encoding, headings: [] };
}

export function parseMarkdown(bytes: Uint8Array): ParsedText {
  const { text, encoding } = decodeText(bytes);
  return { ...normalizeMarkdown(text), encoding };
}

export function normalizeMarkdown(markdown: string): { text: string; headings: string[] } {
  const lines = collapseBlankLines(markdown)
    .replace(/^---\n[\s\S]*?\n---(?:\n|$)/, '')
    .split('\n');
  const out: string[] = [];
  const headings: string[] = [];
  let inFence = false;
  for (const line of lines) {
    if (FENCE.test(line)) inFence = !inFence;
    const previous = out.at(-1);
    const setext = !inFence && /^ {0,3}(=+|-+)[ \t]*$/.exec(line);
    if (setext && previous?.trim() && !ATX_HEADING.test(previous) && !/^\s*[-*+>|]/.test(previous)) {
      const level = setext[1]!.startsWith('=') ? 1 : 2;
      out[out.length - 1] = `${'#'.repeat(level)} ${previous.trim()}`;
      headings.push(previous.trim());
      continue;
    }
    const atx = !inFence && ATX_HEADING.exec(line);
    if (atx) headings.push(atx[2]!);
    out.push(line);
  }
  return { text: out.join('\n').trim(), headings };
}
