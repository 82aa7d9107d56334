import type { Material, SectionDraft } from './agents/types.js';

export interface CitedArticle {
  markdown: string;
  /** Sources in their global order; [k] in the markdown refers to references[k-1]. */
  references: Material[];
}

const MARKER = /\[(\d{1,3})\]/g;

/**
 * Sources are data, not text: each section cites its own materials as [1]..[n]; here the
 * numbers become global (the same material keeps one number across sections), a marker without
 * a source is dropped, and the reference list is built from what was actually cited.
 */
export function renumberCitations(sections: Pick<SectionDraft, 'markdown' | 'sources'>[]): { sections: string[]; references: Material[] } {
  const references: Material[] = [];
  const globalIndex = new Map<string, number>();
  const rewritten = sections.map((section) =>
    section.markdown.replace(MARKER, (_match, local: string) => {
      const source = section.sources[Number(local) - 1];
      if (!source) return '';
      let n = globalIndex.get(source.id);
      if (n === undefined) {
        references.push(source);
        n = references.length;
        globalIndex.set(source.id, n);
      }
      return `[${n}]`;
    }),
  );
  return { sections: rewritten, references };
}

/** The closing reference list, in Chinese, when there is anything to list. */
export function referenceList(references: Material[]): string {
  if (references.length === 0) return '';
  const lines = references.map((ref, i) => {
    const label = ref.source === 'knowledge' ? `${ref.title}（知识库）` : ref.title;
    return ref.url ? `${i + 1}. [${label}](${ref.url})` : `${i + 1}. ${label}`;
  });
  return `## 参考资料\n\n${lines.join('\n')}\n`;
}

/** Drops markers in a finished article that point past its reference list (e.g. after editing). */
export function dropDanglingMarkers(markdown: string, referenceCount: number): string {
  return markdown.replace(MARKER, (match, n: string) => (Number(n) >= 1 && Number(n) <= referenceCount ? match : ''));
}
