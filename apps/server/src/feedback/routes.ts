import { feedbackRequestSchema } from '@tianma/shared';
import type { FastifyInstance } from 'fastify';
import type { Auth } from '../accounts/auth.js';
import { findOwnArticle } from '../articles/owner-articles.js';
import { assertArticleId } from '../articles/public-article.js';
import type { Db } from '../platform/db/index.js';
import { notFound } from '../platform/errors.js';
import { recordFeedback } from './record-feedback.js';

// Feedback is cheap to send and stored forever: a per-IP cap keeps a script from filling the table.
const FEEDBACK_LIMIT = { rateLimit: { max: 30, timeWindow: '10 minutes' } };

/** POST /api/v1/feedback: a signed-in user's like or dislike, about one of their own articles or in general. */
export function registerFeedbackRoutes(app: FastifyInstance, deps: { db: Db; auth: Auth }): void {
  app.post('/api/v1/feedback', { config: FEEDBACK_LIMIT }, async (request, reply) => {
    const current = await deps.auth.requireUser(request, reply);
    const body = feedbackRequestSchema.parse(request.body);
    const articleId = body.articleId?.trim() || null;
    if (articleId) {
      assertArticleId(articleId);
      if (!(await findOwnArticle(deps.db, current.user.id, articleId))) throw notFound('未找到文章');
    }
    await recordFeedback(deps.db, { userId: current.user.id, articleId, type: body.type, content: body.content, timestamp: body.timestamp });
    return { success: true, message: '感谢您的反馈' };
  });
}
