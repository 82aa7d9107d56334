import type { Material, SectionDraft } from './agents/types.js';

export interface CitedArticle {
  markdown: string;
  /** Sources in their global order; [k] in the markdown refers to references[k-1]. */
  references: Material[];
}

/** A citation marker; not the text of a markdown link ([1](https://…)). */
const MARKER = /\[(\d{1,3})\](?!\()/g;

/**
 * What makes two materials the same source: a knowledge-base chunk by its id (file and chunk),
 * a web page by its address without fragment, tracking parameters or trailing slash.
 */
export function sourceKey(material: Material): string {
  if (material.source === 'knowledge' || !material.url) return `${material.source}:${material.id}`;
  try {
    const url = new URL(material.url);
    url.hash = '';
    for (const name of [...url.searchParams.keys()]) if (/^(utm_|spm$|from$|share)/i.test(name)) url.searchParams.delete(name);
    return `web:${url.host.toLowerCase().replace(/^www\./, '')}${url.pathname.replace(/\/+$/, '')}${url.search}`;
  } catch {
    return `web:${material.url}`;
  }
}

/** The same marker twice in a row ([1][1]) says it once. */
const collapse = (markdown: string) => markdown.replace(/(\[\d{1,3}\])(?:\1)+/g, '$1');

/**
 * Sources are data, not text: each section cites its own materials as [1]..[n]; here the
 * numbers become global (the same source keeps one number across sections, even when two
 * materials carry it), a marker without a source is dropped, and the reference list is built
 * from what was actually cited.
 */
export function renumberCitations(sections: Pick<SectionDraft, 'markdown' | 'sources'>[]): { sections: string[]; references: Material[] } {
  const references: Material[] = [];
  const globalIndex = new Map<string, number>();
  const rewritten = sections.map((section) =>
    collapse(
      section.markdown.replace(MARKER, (_match, local: string) => {
        const source = section.sources[Number(local) - 1];
        if (!source) return '';
        const key = sourceKey(source);
        let n = globalIndex.get(key);
        if (n === undefined) {
          references.push(source);
          n = references.length;
          globalIndex.set(key, n);
        }
        return `[${n}]`;
      }),
    ),
  );
  return { sections: rewritten, references };
}

/**
 * The last check of a finished article's citations, whoever wrote it (the offline combiner, a
 * model's combination or SEO pass): a marker that points past the list is dropped, two listed
 * materials that are one source become one, a source no longer cited leaves the list, and the
 * numbers follow the order of first citation.
 */
export function finalizeCitations(markdown: string, references: Material[]): CitedArticle {
  const firstOfKey = new Map<string, number>();
  const canonical = references.map((reference, i) => {
    const key = sourceKey(reference);
    if (!firstOfKey.has(key)) firstOfKey.set(key, i);
    return firstOfKey.get(key)!;
  });
  const kept: Material[] = [];
  const newNumber = new Map<number, number>();
  const rewritten = markdown.replace(MARKER, (_match, n: string) => {
    const at = canonical[Number(n) - 1];
    if (at === undefined) return '';
    if (!newNumber.has(at)) {
      kept.push(references[at]!);
      newNumber.set(at, kept.length);
    }
    return `[${newNumber.get(at)}]`;
  });
  return { markdown: collapse(rewritten), references: kept };
}

/** How a source is named in the list: a web page by its title, a knowledge passage by its file and place. */
export function referenceLabel(reference: Material): string {
  if (reference.source !== 'knowledge') return reference.title;
  const file = reference.title.replace(/[《》]/g, '');
  return `《${file}》${reference.position ? `${reference.position}` : ''}（知识库）`;
}

/** The closing reference list, in Chinese, when there is anything to list. */
export function referenceList(references: Material[]): string {
  if (references.length === 0) return '';
  const lines = references.map((ref, i) => {
    const label = referenceLabel(ref);
    return ref.url ? `${i + 1}. [${label}](${ref.url})` : `${i + 1}. ${label}`;
  });
  return `## 参考资料\n\n${lines.join('\n')}\n`;
}

/** Drops markers in a finished article that point past its reference list (e.g. after editing). */
export function dropDanglingMarkers(markdown: string, referenceCount: number): string {
  return markdown.replace(MARKER, (match, n: string) => (Number(n) >= 1 && Number(n) <= referenceCount ? match : ''));
}
