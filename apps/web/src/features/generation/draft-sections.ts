import type { ProgressDetails } from './tracking-types';

/** A section of the article while it is written (API.md, section streaming). */
export interface DraftSection {
  index: number;
  title: string;
  content: string;
  done: boolean;
}

/** What the preview shows before the article is done: the sections known so far, by index. */
export interface Draft {
  total: number;
  sections: DraftSection[];
}

const MAX_SECTIONS = 50;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** A section from the wire, or null when it is not one (a client ignores what it does not know). */
function readSection(value: unknown): (DraftSection & { total: number }) | null {
  if (!isRecord(value)) return null;
  const { index, total, title, content, done } = value;
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= MAX_SECTIONS) return null;
  if (typeof total !== 'number' || !Number.isInteger(total) || total <= index || total > MAX_SECTIONS) return null;
  if (typeof title !== 'string' || typeof content !== 'string') return null;
  return { index, total, title, content, done: done === true };
}

/**
 * The draft after an event or a status answer: `details.section` (one section, from the stream)
 * and `details.sections` (those written so far, from the status call) are merged by index. A
 * finished section is never replaced by an older, partial text of itself (events may be replayed).
 */
export function mergeDraft(draft: Draft | null, details: ProgressDetails | null | undefined): Draft | null {
  if (!details) return draft;
  const incoming = [details.section, ...(Array.isArray(details.sections) ? details.sections : [])].map(readSection).filter((section) => section !== null);
  if (incoming.length === 0) return draft;
  const byIndex = new Map((draft?.sections ?? []).map((section) => [section.index, section]));
  let total = draft?.total ?? 0;
  for (const { total: sectionTotal, ...section } of incoming) {
    total = Math.max(total, sectionTotal);
    const known = byIndex.get(section.index);
    if (known?.done && !section.done) continue;
    byIndex.set(section.index, section);
  }
  return { total, sections: [...byIndex.values()].sort((a, b) => a.index - b.index) };
}

/** How many sections are finished, for the preview's line 已写好 n/N 节. */
export const finishedCount = (draft: Draft) => draft.sections.filter((section) => section.done).length;
