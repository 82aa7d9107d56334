import { and, eq, like, or } from 'drizzle-orm';
import type { Db } from '../platform/db/index.js';
import type { Outline, SectionDraft } from './agents/types.js';
import { generationStageOutputs } from './tables.js';

/**
 * A section of the article as the preview shows it while the task runs (API.md, "Section
 * streaming"): `details.section` on a progress event, `details.sections` on the status call.
 */
export interface StreamedSection {
  index: number;
  total: number;
  title: string;
  /** The section's markdown so far (done: as the section writer finished it). */
  content: string;
  done: boolean;
}

/** How often a section being written by a model is published again with its text so far. */
export const SECTION_PUBLISH_INTERVAL_MS = 1000;

/** A model's reply so far as preview text: without the heading line the writer may repeat. */
export function partialSectionText(reply: string, heading: string): string {
  const lines = reply.replace(/^\s+/u, '').split('\n');
  const first = lines[0]?.replace(/^#+\s*/u, '').trim();
  if (first && (first === heading.trim() || /^#{1,6}\s/u.test(lines[0]!))) lines.shift();
  return lines.join('\n').trim();
}

/**
 * Publishes a section's text while a model writes it: at most once per interval, the newest text
 * then (a burst of tokens is one event), never after the section is done.
 */
export class SectionThrottle {
  #last = 0;
  #pending: string | null = null;
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(
    private readonly publish: (content: string) => void,
    private readonly intervalMs = SECTION_PUBLISH_INTERVAL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  offer(content: string): void {
    if (this.#closed || !content) return;
    this.#pending = content;
    const wait = this.#last + this.intervalMs - this.now();
    if (wait <= 0) this.#flush();
    else this.#timer ??= setTimeout(() => this.#flush(), wait);
  }

  /** The section is done (or failed): nothing more is published for it. */
  close(): void {
    this.#closed = true;
    clearTimeout(this.#timer);
  }

  #flush(): void {
    this.#timer = undefined;
    if (this.#closed || this.#pending === null) return;
    this.#last = this.now();
    const content = this.#pending;
    this.#pending = null;
    this.publish(content);
  }
}

/** The finished section as the event carries it. */
export function finishedSection(draft: Pick<SectionDraft, 'index' | 'heading' | 'markdown'>, total: number): StreamedSection {
  return { index: draft.index, total, title: draft.heading, content: draft.markdown, done: true };
}

/**
 * The sections a task has finished so far, for the status call: read from the stage outputs the
 * pipeline saves as each section is done (so a reload, or a poll, sees what a stream saw).
 */
export async function writtenSections(db: Db, taskId: number): Promise<StreamedSection[]> {
  const rows = await db
    .select({ key: generationStageOutputs.key, output: generationStageOutputs.output })
    .from(generationStageOutputs)
    .where(and(eq(generationStageOutputs.taskId, taskId), or(eq(generationStageOutputs.key, 'outline'), like(generationStageOutputs.key, 'section:%'))));
  const outline = rows.find((row) => row.key === 'outline')?.output as Outline | undefined;
  if (!outline) return [];
  const total = outline.sections.length;
  return rows
    .filter((row) => row.key.startsWith('section:'))
    .map((row) => finishedSection(row.output as SectionDraft, total))
    .sort((a, b) => a.index - b.index);
}
