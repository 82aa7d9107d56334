import { SHOWCASE_CASES } from '@tianma/shared';
import { and, count, desc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import { users } from '../accounts/tables.js';
import { articles, showcasePicks } from '../articles/tables.js';
import { articleFeedback } from '../feedback/tables.js';
import type { Db } from '../platform/db/index.js';
import { badRequest, notFound } from '../platform/errors.js';
import { type AuditEntry, recordAudit } from './audit.js';
import { likeText } from './request-input.js';

export const CONTENT_PAGE_SIZE = 20;
const pages = (total: number | undefined) => Math.max(1, Math.ceil((total ?? 0) / CONTENT_PAGE_SIZE));

/** Shared (public) articles of users, newest first, with whether they are hidden or on the home page. */
export async function listSharedArticles(db: Db, q: string, page: number) {
  const query = q.trim();
  const where = and(eq(articles.isPublic, true), eq(articles.isShowcase, false), query ? or(ilike(articles.title, likeText(query)), eq(articles.articleId, query)) : undefined);
  const [rows, [total], picks] = await Promise.all([
    db
      .select({ article: articles, username: users.username })
      .from(articles)
      .leftJoin(users, eq(users.id, articles.userId))
      .where(where)
      .orderBy(desc(articles.createdAt), desc(articles.id))
      .limit(CONTENT_PAGE_SIZE)
      .offset((page - 1) * CONTENT_PAGE_SIZE),
    db.select({ n: count() }).from(articles).where(where),
    db.select().from(showcasePicks),
  ]);
  const slotOf = new Map(picks.map((pick) => [pick.articleId, pick.slot]));
  return {
    data: rows.map(({ article, username }) => ({
      articleId: article.articleId,
      title: article.title,
      platform: article.platform,
      username,
      wordCount: article.wordCount,
      createdAt: article.createdAt.toISOString(),
      hidden: article.hiddenAt !== null,
      hiddenReason: article.hiddenReason,
      showcaseSlot: slotOf.get(article.articleId) ?? null,
    })),
    page,
    totalPages: pages(total?.n),
  };
}

/** The four home-page slots and what each shows now. */
export async function showcaseSlots(db: Db) {
  const picks = await db.select({ slot: showcasePicks.slot, article: articles }).from(showcasePicks).leftJoin(articles, eq(articles.articleId, showcasePicks.articleId));
  const bySlot = new Map(picks.map((pick) => [pick.slot, pick.article]));
  return SHOWCASE_CASES.map((slot) => {
    const picked = bySlot.get(slot.articleId);
    const shown = picked?.isPublic && !picked.hiddenAt;
    return { slot: slot.articleId, platformLabel: slot.platformLabel, pickedArticleId: picked?.articleId ?? null, pickedTitle: picked?.title ?? null, showsPick: Boolean(shown) };
  });
}

/**
 * Puts a shared article in a home-page slot, or (articleId null) gives the slot back to its seeded
 * article. Only a public, visible article of a user can be picked.
 */
export async function pickShowcase(db: Db, operator: AuditEntry['operator'], input: { slot: string; articleId: string | null; reason: string }) {
  if (!SHOWCASE_CASES.some((slot) => slot.articleId === input.slot)) throw notFound('未找到该首页案例位');
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(showcasePicks).where(eq(showcasePicks.slot, input.slot)).for('update');
    if (input.articleId === null) {
      await tx.delete(showcasePicks).where(eq(showcasePicks.slot, input.slot));
    } else {
      const [article] = await tx
        .select({ id: articles.id })
        .from(articles)
        .where(and(eq(articles.articleId, input.articleId), eq(articles.isPublic, true), eq(articles.isShowcase, false), isNull(articles.hiddenAt)))
        .limit(1);
      if (!article) throw badRequest('只能选择已公开且未被隐藏的用户文章');
      await tx
        .insert(showcasePicks)
        .values({ slot: input.slot, articleId: input.articleId, operatorId: operator.id, updatedAt: new Date() })
        .onConflictDoUpdate({ target: showcasePicks.slot, set: { articleId: input.articleId, operatorId: operator.id, updatedAt: new Date() } });
    }
    await recordAudit(tx, {
      operator,
      action: 'content.showcase',
      target: `showcase:${input.slot}`,
      before: { articleId: before?.articleId ?? null },
      after: { articleId: input.articleId },
      reason: input.reason,
    });
  });
}

/** Hides a shared article (its page answers 404 with a notice) or shows it again. */
export async function setArticleHidden(db: Db, operator: AuditEntry['operator'], input: { articleId: string; hidden: boolean; reason: string }) {
  await db.transaction(async (tx) => {
    const [article] = await tx
      .select({ id: articles.id, hiddenAt: articles.hiddenAt, isShowcase: articles.isShowcase })
      .from(articles)
      .where(eq(articles.articleId, input.articleId))
      .limit(1)
      .for('update');
    if (!article || article.isShowcase) throw notFound('未找到该文章');
    if ((article.hiddenAt !== null) === input.hidden) return;
    await tx
      .update(articles)
      .set({ hiddenAt: input.hidden ? new Date() : null, hiddenReason: input.hidden ? input.reason : null })
      .where(eq(articles.id, article.id));
    await recordAudit(tx, {
      operator,
      action: input.hidden ? 'content.hide' : 'content.unhide',
      target: `article:${input.articleId}`,
      before: { hidden: article.hiddenAt !== null },
      after: { hidden: input.hidden },
      reason: input.reason,
    });
  });
}

/** Feedback newest first, optionally of one kind, with the article's title and the user's name. */
export async function listFeedback(db: Db, type: 'like' | 'dislike' | null, page: number) {
  const where: SQL | undefined = type ? eq(articleFeedback.type, type) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ feedback: articleFeedback, username: users.username, title: articles.title, platform: articles.platform })
      .from(articleFeedback)
      .leftJoin(users, eq(users.id, articleFeedback.userId))
      .leftJoin(articles, eq(articles.articleId, articleFeedback.articleId))
      .where(where)
      .orderBy(desc(articleFeedback.createdAt), desc(articleFeedback.id))
      .limit(CONTENT_PAGE_SIZE)
      .offset((page - 1) * CONTENT_PAGE_SIZE),
    db.select({ n: count() }).from(articleFeedback).where(where),
  ]);
  return {
    data: rows.map(({ feedback, username, title, platform }) => ({
      id: feedback.id,
      type: feedback.type,
      content: feedback.content,
      articleId: feedback.articleId,
      articleTitle: title,
      platform,
      username,
      createdAt: feedback.createdAt.toISOString(),
    })),
    page,
    totalPages: pages(total?.n),
  };
}
