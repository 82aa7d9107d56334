import { recommendKeywordsResponseSchema } from '@tianma/shared';
import { apiRequest } from '../../../../lib/api';
import { resolveChoice } from '../../build-request';
import type { AdvancedFormValues } from '../../form-values';

/** POST /api/v1/seo/recommend-keywords (API.md; spec §3 SEO keyword request, §8). */

export const RECOMMEND_KEYWORDS_PATH = '/api/v1/seo/recommend-keywords';
export const KEYWORDS_FAILED_TEXT = '获取关键词推荐失败，请稍后重试';
export const TOPIC_FIRST_TEXT = '请先输入文章主题';

type KeywordSource = Pick<AdvancedFormValues, 'topic' | 'platform' | 'industry' | 'customIndustry' | 'audience' | 'customAudience'>;

/** The request body: the custom industry and audience text replace 自定义, as in the generate request. */
export function keywordRequest(values: KeywordSource) {
  return {
    topic: values.topic.trim(),
    platform: values.platform,
    industry: resolveChoice(values.industry, values.customIndustry),
    audience: resolveChoice(values.audience, values.customAudience),
  };
}

/** The suggested keywords; rejects with an ApiError when the call or its answer fails. */
export async function fetchKeywordSuggestions(values: KeywordSource, signal?: AbortSignal): Promise<string[]> {
  const answer = await apiRequest(RECOMMEND_KEYWORDS_PATH, {
    method: 'POST',
    body: keywordRequest(values),
    schema: recommendKeywordsResponseSchema,
    signal,
  });
  return answer.data.keywords.map((keyword) => keyword.trim()).filter(Boolean);
}
