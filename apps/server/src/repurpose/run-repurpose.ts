import { articleSummary, countArticleWords, repurposeLabel } from '@tianma/shared';
import { and, eq } from 'drizzle-orm';
import { articles } from '../articles/tables.js';
import { taskProgress } from '../generation/pipeline.js';
import { loadSavedOutputs, type PipelineDeps, savedOutput, type StoredRequest, type UsageListener } from '../generation/stage-context.js';
import type { GenerationTaskRow } from '../generation/tables.js';
import { repurposeWithModel } from './model-repurpose.js';
import { type RepurposeDraft, repurposeOffline } from './offline/index.js';
import { hasProse, readSource } from './source-article.js';

/**
 * A 一稿多发 task as it runs (decision 075): read the source (the owner's own article, read now,
 * so the newest saved text is used), write the platform's form with the model or offline, and
 * hand back the new article for executeTask to store beside its source. It reports on the task's
 * stream with the generation's own steps and percentages: analyze_topic (读取原文) →
 * parallel_section_generation (改写) → generate_article (整理); completed is executeTask's.
 */

/** A failure whose message the user should read as it is (the source is gone or empty). */
export class RepurposeRefused extends Error {
  override name = 'RepurposeRefused';
}

export interface RepurposedArticle {
  title: string;
  markdown: string;
  summary: string;
  coverUrl: string | null;
  wordCount: number;
  /** The platform column: the platform's own id (xiaohongshu, zhihu, toutiao, video_script). */
  platform: string;
  sourceArticleId: string;
  repurposedFor: string;
  writtenBy: string;
  metadata: Record<string, unknown>;
  /** The final event's message. */
  message: string;
}

export async function runRepurpose(deps: PipelineDeps, task: GenerationTaskRow, onUsage: UsageListener, signal: AbortSignal): Promise<RepurposedArticle> {
  const request = task.request as StoredRequest;
  const { sourceArticleId, platform } = request.repurpose!;
  const label = repurposeLabel(platform) ?? platform;
  const { enter } = taskProgress(deps, task, signal);
  const ctx = { deps, task, saved: await loadSavedOutputs(deps.db, task.id) };

  await enter('analyze_topic', '正在读取原文，整理要点...');
  const [row] = await deps.db
    .select({ title: articles.title, content: articles.content, imageUrl: articles.imageUrl, metadata: articles.metadata })
    .from(articles)
    .where(and(eq(articles.articleId, sourceArticleId), eq(articles.userId, task.userId)))
    .limit(1);
  if (!row) throw new RepurposeRefused('原文已删除，无法转换');
  const source = readSource(row);
  if (!hasProse(source)) throw new RepurposeRefused('原文没有可转换的正文');
  const brief = (row.metadata as { brief?: { topic?: string; seoKeywords?: string[] } }).brief;
  const context = { topic: brief?.topic, keywords: brief?.seoKeywords ?? [] };

  const model = deps.model ?? null;
  await enter('parallel_section_generation', `正在改写为${label}...`);
  const draft = await savedOutput<RepurposeDraft & { writtenBy: string }>(ctx, 'repurpose', async () =>
    model
      ? { ...(await repurposeWithModel({ llm: model.create(), platform, source, original: row, context, onUsage, signal })), writtenBy: model.name }
      : { ...repurposeOffline(platform, source, context), writtenBy: 'offline' },
  );

  await enter('generate_article', `正在整理${label}...`);
  return {
    title: draft.title,
    markdown: draft.markdown,
    summary: articleSummary(draft.markdown),
    coverUrl: draft.coverUrl,
    wordCount: countArticleWords(draft.markdown),
    platform,
    sourceArticleId,
    repurposedFor: platform,
    writtenBy: draft.writtenBy,
    metadata: { offline: draft.writtenBy === 'offline', taskId: task.taskId, repurpose: { sourceArticleId, platform }, ...draft.extra },
    // The 3:4 cards are the existing export's (小红书卡片), made from this note.
    message: platform === 'xiaohongshu' ? `${label}已生成，可在导出中生成 3:4 图片卡片` : `${label}已生成`,
  };
}
