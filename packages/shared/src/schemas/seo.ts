import { z } from 'zod';

/** POST /api/v1/seo/recommend-keywords (API.md; content-creation §3 SEO keyword request, §5). */

/** How many keywords a recommendation holds, and how long each may be (in characters). */
export const RECOMMENDED_KEYWORDS = { min: 8, max: 10 } as const;
export const KEYWORD_LENGTH = { min: 2, max: 12 } as const;

/** Platform, industry and audience as the form sends them: an option value or the user's own words. */
const context = (label: string) => z.string().trim().max(50, `${label}不能超过50个字`).optional().nullable();

export const recommendKeywordsRequestSchema = z.object({
  topic: z.string({ error: '请输入文章主题' }).trim().min(1, '请输入文章主题').max(2000, '文章主题不能超过2000个字'),
  platform: context('发布平台'),
  industry: context('行业领域'),
  audience: context('目标受众'),
});
export type RecommendKeywordsRequest = z.infer<typeof recommendKeywordsRequestSchema>;

export const recommendKeywordsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ keywords: z.array(z.string()) }),
});
export type RecommendKeywordsResponse = z.infer<typeof recommendKeywordsResponseSchema>;
