import type { Material, Outline } from '../agents/types.js';

const MAX_PER_SECTION = 3;

/** Character bigrams of the CJK text plus lower-cased Latin words: a cheap overlap measure. */
function terms(text: string): Set<string> {
  const out = new Set<string>();
  const cjk = text.replace(/[^\p{Script=Han}]/gu, ' ');
  for (const run of cjk.split(/\s+/)) for (let i = 0; i + 1 < run.length; i += 1) out.add(run.slice(i, i + 2));
  for (const word of text.toLowerCase().match(/[a-z0-9]{2,}/g) ?? []) out.add(word);
  return out;
}

function overlap(a: Set<string>, b: Set<string>): number {
  let n = 0;
  for (const term of a) if (b.has(term)) n += 1;
  return n;
}

/**
 * Stage 5: picks the material each section should draw on, by overlap with the section's
 * heading and key points (knowledge-base retrieval per section joins here with the knowledge base).
 * A material may serve several sections; sections without a match get none.
 */
export function researchSections(outline: Outline, materials: Material[]): Material[][] {
  const materialTerms = materials.map((material) => terms(`${material.title} ${material.content}`));
  return outline.sections.map((section) => {
    const wanted = terms(`${section.heading} ${section.keyPoints.join(' ')}`);
    return materials
      .map((material, i) => ({ material, score: overlap(wanted, materialTerms[i]!) }))
      .filter((entry) => entry.score >= 2)
      .sort((a, b) => b.score - a.score)
      .slice(0, MAX_PER_SECTION)
      .map((entry) => entry.material);
  });
}
