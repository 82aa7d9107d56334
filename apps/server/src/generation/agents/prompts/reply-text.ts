/** Post-processing of markdown answers: what a model adds around the text, and what it may not invent. */

const MARKER = /\[(\d{1,3})\]/g;

/** Removes a ```markdown fence wrapped around the whole answer. */
export function unfence(text: string): string {
  const trimmed = text.trim();
  const fenced = /^```[a-zA-Z]*\n([\s\S]*?)\n?```$/.exec(trimmed);
  return (fenced?.[1] ?? trimmed).trim();
}

/** The [n] markers a text carries. */
export function markersOf(text: string): Set<number> {
  return new Set([...text.matchAll(MARKER)].map((match) => Number(match[1])));
}

/** Drops [n] markers that were not allowed (a citation the model made up). */
export function keepMarkers(markdown: string, allowed: (n: number) => boolean): string {
  return markdown.replace(MARKER, (match, n: string) => (allowed(Number(n)) ? match : ''));
}

/** Level-1 and level-2 headings inside a section become level 3, so `## ` only ever starts a section. */
export function demoteHeadings(markdown: string): string {
  return markdown.replace(/^#{1,2}(?=\s)/gm, '###');
}

/** Splits `# 标题` off the top of an article; the title is undefined when the answer has none. */
export function splitTitle(markdown: string): { title: string | undefined; body: string } {
  const match = /^#\s+(.+?)\s*#*\s*$/m.exec(markdown);
  if (!match?.[1] || markdown.slice(0, match.index).trim() !== '') return { title: undefined, body: markdown };
  return { title: match[1].trim(), body: markdown.slice(match.index + match[0].length).trim() };
}
