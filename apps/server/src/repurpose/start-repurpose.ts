import { type RepurposePlatform, repurposeCostCoins, repurposeLabel } from '@tianma/shared';
import type { UserRow } from '../accounts/tables.js';
import { findOwnArticle } from '../articles/owner-articles.js';
import { startTask } from '../generation/create-task.js';
import type { StoredRequest } from '../generation/stage-context.js';
import type { GenerationTaskRow } from '../generation/tables.js';
import type { Db } from '../platform/db/index.js';
import { AppError, badRequest } from '../platform/errors.js';
import type { ArticleBrief } from '../generation/agents/types.js';
import { hasProse, readSource } from './source-article.js';

const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const SOURCE_NOT_FOUND = '未找到该文章';
export const SOURCE_EMPTY = '原文没有可转换的正文，请先写好文章再转换';

/**
 * Starts a 一稿多发 task (decision 075): the source must be the user's own article with prose
 * in it — another user's, or an unknown id, is 404 and an empty one 400, before any coin is held —
 * then the generation's own start (running limit, coin hold, task row) at the repurpose price.
 * The task stores only the source's id and the platform; the text is read when the task runs.
 */
export async function startRepurpose(db: Db, user: UserRow, input: { articleId: string; platform: RepurposePlatform; articleCostCoins: number }): Promise<GenerationTaskRow> {
  const source = ID_PATTERN.test(input.articleId) ? await findOwnArticle(db, user.id, input.articleId) : undefined;
  if (!source) throw new AppError('NOT_FOUND', SOURCE_NOT_FOUND);
  if (!hasProse(readSource(source))) throw badRequest(SOURCE_EMPTY);
  const stored = (source.metadata as { brief?: Partial<ArticleBrief> }).brief;
  const brief: ArticleBrief = {
    topic: source.title,
    audience: stored?.audience ?? '大众读者',
    articleType: stored?.articleType ?? 'practical_guide',
    style: stored?.style ?? 'professional_logical',
    platform: input.platform === 'xiaohongshu' || input.platform === 'zhihu' ? input.platform : (stored?.platform ?? 'wechat'),
    length: Math.max(200, Math.min(6000, source.wordCount || 1000)),
    industry: stored?.industry ?? '不限',
    language: 'zh-CN',
    advanced: false,
    seoKeywords: stored?.seoKeywords ?? [],
  };
  const request: StoredRequest = { brief, knowledge: null, reference: null, seo: null, repurpose: { sourceArticleId: source.articleId, platform: input.platform } };
  // The task's topic names the source and the form, so two notes of one source are versions of each other (decision 057), not of the source.
  const topic = `${source.title || '无标题'}（${repurposeLabel(input.platform)}）`;
  return startTask(db, user, { request, topic, costCoins: repurposeCostCoins(input.articleCostCoins) });
}
