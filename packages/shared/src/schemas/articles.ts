import { z } from 'zod';

/** My articles, the online editor and feedback (API.md, content service). */

export const MY_ARTICLES_PAGE_SIZE = 8;
export const MY_ARTICLES_MAX_PAGE_SIZE = 50;
export const ARTICLE_MAX_CHARS = 100_000;
export const FEEDBACK_MAX_CHARS = 1000;

/** `?page=&size=`: pages count from 1; size defaults to 8. */
export const articlePageQuerySchema = z.object({
  page: z.coerce.number({ error: '页码无效' }).int('页码无效').min(1, '页码无效').max(100_000, '页码无效').optional().default(1),
  size: z.coerce
    .number({ error: '每页数量无效' })
    .int('每页数量无效')
    .min(1, '每页数量无效')
    .max(MY_ARTICLES_MAX_PAGE_SIZE, `每页最多${MY_ARTICLES_MAX_PAGE_SIZE}篇`)
    .optional()
    .default(MY_ARTICLES_PAGE_SIZE),
});

export const articleListItemSchema = z.object({
  id: z.number(),
  deepspaceId: z.number(),
  title: z.string(),
  summary: z.string(),
  articleId: z.string(),
  ossUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
  createTime: z.string(),
  updateTime: z.string(),
  /** Whether the share link works for others (our addition). */
  isPublic: z.boolean().optional(),
  /** The stored 字数 (countArticleWords, our addition): the number the preview and the editor show. */
  wordCount: z.number().int().nonnegative().optional(),
  /** The topic it was written for (our addition, decision 057); null for an article without a task. */
  topic: z.string().nullable().optional(),
  /** Its place among the owner's articles on the same topic, oldest first (1 = the first), and how many there are. */
  version: z.number().int().positive().nullable().optional(),
  versions: z.number().int().positive().nullable().optional(),
  /** 一稿多发 (our addition, decision 075): the platform it was turned into and the source's articleId; null for an original. */
  repurposedFor: z.string().nullable().optional(),
  sourceArticleId: z.string().nullable().optional(),
});
export type ArticleListItem = z.infer<typeof articleListItemSchema>;

export const articlePageResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(articleListItemSchema),
  page: z.number(),
  totalPages: z.number(),
  total: z.number(),
});
export type ArticlePageResponse = z.infer<typeof articlePageResponseSchema>;

/** PUT /api/v1/article/{articleId}: the editor's markdown. */
export const articleUpdateSchema = z.object({
  content: z
    .string({ error: '文章内容不能为空' })
    .max(ARTICLE_MAX_CHARS, `文章内容不能超过${ARTICLE_MAX_CHARS}个字符`)
    .refine((value) => value.trim().length > 0, '文章内容不能为空'),
  /** The AI action whose result this save accepts (issue 18): the version records its action. */
  revisionId: z.string().max(64).optional(),
});

/** PUT /api/v1/article/{articleId}/visibility: the owner turns the share link on or off. */
export const articleVisibilitySchema = z.object({
  isPublic: z.boolean({ error: '请指定是否公开' }),
});

export const FEEDBACK_TYPES = ['like', 'dislike'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

/** POST /api/v1/feedback. `timestamp` is the client's clock, kept as sent when it parses. */
export const feedbackRequestSchema = z.object({
  type: z.enum(FEEDBACK_TYPES, { error: '请选择反馈类型' }),
  content: z
    .string({ error: '请填写反馈内容' })
    .trim()
    .min(1, '请填写反馈内容')
    .max(FEEDBACK_MAX_CHARS, `反馈内容不能超过${FEEDBACK_MAX_CHARS}个字`),
  timestamp: z.string().max(40).optional().nullable(),
  articleId: z.string().max(64).optional().nullable(),
});
export type FeedbackRequest = z.infer<typeof feedbackRequestSchema>;
