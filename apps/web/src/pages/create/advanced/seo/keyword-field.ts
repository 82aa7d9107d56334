import { splitKeywords } from '../../build-request';

/** The SEO keyword field: comma separated text, as typed (spec §5). */

/** The server keeps at most 20 keywords; the field holds at most 500 characters. */
export const MAX_FIELD_KEYWORDS = 20;
export const MAX_FIELD_LENGTH = 500;

const normalise = (keyword: string) => keyword.trim().toLowerCase();

export function hasKeyword(field: string, keyword: string): boolean {
  const target = normalise(keyword);
  return splitKeywords(field).some((entry) => normalise(entry) === target);
}

export function keywordCount(field: string): number {
  return splitKeywords(field).length;
}

/** The separator the field already uses (the last one typed); a half-width comma for an empty field. */
function separatorOf(field: string): string {
  const separators = field.match(/[,，、]/g);
  return separators?.at(-1) ?? ',';
}

/**
 * The field with the keyword appended, in the field's own separator; unchanged when the keyword is
 * already there, and undefined when the field is full.
 */
export function appendKeyword(field: string, keyword: string): string | undefined {
  const word = keyword.trim();
  if (!word || hasKeyword(field, word)) return field;
  if (keywordCount(field) >= MAX_FIELD_KEYWORDS) return undefined;
  const head = field.replace(/[\s,，、]+$/u, '');
  const next = head ? `${head}${separatorOf(field)}${word}` : word;
  return next.length > MAX_FIELD_LENGTH ? undefined : next;
}
