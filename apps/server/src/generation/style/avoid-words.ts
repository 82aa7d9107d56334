import { UNTOUCHED_LINE } from './humanize.js';

/**
 * The words a request forbids (topic/avoided-words.ts), honoured on both writing paths at
 * assembly: a forbidden connective that opens a sentence goes with its comma; any other sentence
 * that holds a forbidden word goes whole, since a word cannot be cut out of a sentence without
 * breaking it. Headings, image lines and quoted material are kept as they are.
 */

const SENTENCE = /[^。！？!?]+[。！？!?]*(?:\s*\[\d+\])*/gu;

function reviseLine(line: string, words: readonly string[]): string {
  if (UNTOUCHED_LINE.test(line) || !words.some((word) => line.includes(word))) return line;
  const bullet = /^\s*(?:[-*+]|\d+[.、])\s+/u.exec(line)?.[0] ?? '';
  const sentences = line.slice(bullet.length).match(SENTENCE) ?? [];
  const kept: string[] = [];
  for (const sentence of sentences) {
    let revised = sentence;
    for (const word of words) {
      const lead = new RegExp(`^(\\s*)${escapeRegExp(word)}[，,、：:]\\s*`, 'u');
      revised = revised.replace(lead, '$1');
    }
    const outsideQuotes = revised.replace(/“[^”]*”|「[^」]*」/gu, '');
    if (words.some((word) => outsideQuotes.includes(word))) continue;
    if (revised.replace(/[\s。！？!?]/gu, '')) kept.push(revised);
  }
  const body = kept.join('');
  return body ? `${bullet}${body}` : '';
}

function escapeRegExp(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The article without the forbidden words; unchanged when there are none. */
export function removeAvoidedWords(markdown: string, words: readonly string[]): string {
  if (words.length === 0) return markdown;
  return markdown
    .split('\n')
    .map((line) => reviseLine(line, words))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n');
}
