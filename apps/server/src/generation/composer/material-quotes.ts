import { countCjkLength } from '@tianma/shared';
import type { Material } from '../agents/types.js';

/**
 * Quotable passages of a material: its sentences (or, when a sentence is too long for the room
 * a section has, its clauses), verbatim so the quote can be checked against the source, best
 * first: the ones that share the most characters with the section's words.
 */
export function quotablePassages(material: Material, maxLength: number, relevantText: string): string[] {
  const plain = material.content
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#>*_`|]/g, ' ');
  const sentences = plain
    .split(/[。！？!?；;\n]+/u)
    .map((sentence) => sentence.trim().replace(/^[，,、：:\s]+|[，,、：:\s]+$/gu, ''))
    .filter((sentence) => countCjkLength(sentence) >= 6 && !/[“”"「」]/u.test(sentence));
  const fits = (text: string) => countCjkLength(text) <= maxLength && countCjkLength(text) >= 6;
  let candidates = sentences.filter(fits);
  if (candidates.length === 0) {
    candidates = sentences.flatMap((sentence) => sentence.split(/[，,：:]/u).map((clause) => clause.trim())).filter(fits);
  }
  if (candidates.length === 0 && sentences[0]) {
    // NOTE: nothing is short enough; the quote is cut and marked as cut, still verbatim up to the cut.
    candidates = [`${[...sentences[0]].slice(0, Math.max(6, maxLength - 2)).join('')}……`];
  }
  const wanted = new Set([...relevantText.replace(/[^\p{Script=Han}]/gu, '')]);
  const score = (text: string) => {
    const shared = [...new Set([...text])].filter((ch) => wanted.has(ch)).length;
    const length = countCjkLength(text);
    return shared + Math.min(length, 40) / 8;
  };
  return candidates
    .map((text, order) => ({ text, order, value: score(text) }))
    .sort((a, b) => b.value - a.value || a.order - b.order)
    .map((entry) => entry.text);
}

/** A title fit to stand in 《》: without a file extension and without brackets of its own. */
export function materialTitle(material: Material): string {
  const title = material.title
    .trim()
    .replace(/\.(pdf|docx?|txt|md|html?|pptx?|xlsx?)$/i, '')
    .replace(/[《》]/g, '');
  return title || '参考资料';
}
