import { type Platform, PLATFORMS, REVISION_CONTEXT_CHARS, valuesOf, WRITING_STYLES, type WritingStyle } from '@tianma/shared';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { ArticleRow } from '../articles/tables.js';
import { generationTasks } from '../generation/tables.js';
import type { KnowledgeRetriever } from '../knowledge/retrieve.js';
import type { Db } from '../platform/db/index.js';
import type { RevisionSetting } from './revision-prompts.js';

const PLATFORM_VALUES: readonly string[] = valuesOf(PLATFORMS);
const STYLE_VALUES: readonly string[] = valuesOf(WRITING_STYLES);

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/** The article's platform, readers and style as its generation recorded them (metadata.brief). */
export function articleSetting(article: ArticleRow): RevisionSetting & { topic: string | null } {
  const brief = record(record(article.metadata).brief);
  const platform = [brief.platform, article.platform].find((value): value is Platform => typeof value === 'string' && PLATFORM_VALUES.includes(value)) ?? 'wechat';
  const style = typeof brief.style === 'string' && STYLE_VALUES.includes(brief.style) ? (brief.style as WritingStyle) : null;
  return {
    platform,
    audience: typeof brief.audience === 'string' ? brief.audience : '',
    style,
    title: article.title,
    topic: typeof brief.topic === 'string' ? brief.topic : null,
  };
}

/** The end of `text` cut to at most `max` characters, starting at a line where it can. */
function tail(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(-max);
  const line = cut.indexOf('\n');
  return line >= 0 && line < max / 2 ? cut.slice(line + 1) : cut;
}

function head(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const line = cut.lastIndexOf('\n');
  return line > max / 2 ? cut.slice(0, line) : cut;
}

/**
 * The text around the selection: what the editor sent (its text may be newer than the saved one),
 * else the saved article around the offsets when they still point at the selection, else around
 * the selection's first occurrence; nothing when it cannot be found.
 */
export function surroundingText(
  saved: string,
  selection: { start: number; end: number; text: string },
  sent?: { before?: string; after?: string },
): { before: string; after: string } {
  if (sent && (sent.before !== undefined || sent.after !== undefined)) {
    return { before: tail(sent.before ?? '', REVISION_CONTEXT_CHARS), after: head(sent.after ?? '', REVISION_CONTEXT_CHARS) };
  }
  let start = saved.slice(selection.start, selection.end) === selection.text ? selection.start : saved.indexOf(selection.text);
  if (start < 0) return { before: '', after: '' };
  const end = start + selection.text.length;
  start = Math.max(0, start);
  return { before: tail(saved.slice(0, start), REVISION_CONTEXT_CHARS), after: head(saved.slice(end), REVISION_CONTEXT_CHARS) };
}

/** The most passages a prompt carries, and the most characters of each. */
const PASSAGES = 3;
const PASSAGE_CHARS = 400;

/**
 * Passages of the knowledge base the article was written from, close to the selection: none when
 * it had none, or when that temporary knowledge base is gone (a missing passage is not an error).
 */
export async function knowledgePassages(
  deps: { db: Db; knowledge: KnowledgeRetriever | null; logger: Pick<Logger, 'warn'> },
  article: ArticleRow,
  userId: number,
  query: string,
): Promise<{ title: string; content: string }[]> {
  const taskId = record(article.metadata).taskId;
  if (!deps.knowledge || typeof taskId !== 'string') return [];
  try {
    const [task] = await deps.db.select({ request: generationTasks.request }).from(generationTasks).where(eq(generationTasks.taskId, taskId)).limit(1);
    const knowledge = record(record(task?.request).knowledge);
    if (typeof knowledge.sessionId !== 'string') return [];
    const documentIds = Array.isArray(knowledge.documentIds) ? knowledge.documentIds.filter((id): id is string => typeof id === 'string') : [];
    const passages = await deps.knowledge.search({ userId, sessionId: knowledge.sessionId, documentIds, query: query.slice(0, 500), topK: PASSAGES });
    return passages.map((passage) => ({ title: passage.title, content: passage.content.slice(0, PASSAGE_CHARS) }));
  } catch (error) {
    deps.logger.warn({ err: error, articleId: article.articleId }, 'knowledge passages for a revision could not be read');
    return [];
  }
}
