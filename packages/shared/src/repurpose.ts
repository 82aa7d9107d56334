import { z } from 'zod';

/**
 * 一稿多发 (issue 20, point 3; API.md `POST /api/v1/articles/{articleId}/repurpose`): one of the
 * user's articles turned into another platform's form, as a new article linked to its source.
 * One table for the server, the web's menu and the pricing rule (decision 075).
 */
export const REPURPOSE_PLATFORMS = [
  { value: 'xiaohongshu', label: '小红书笔记' },
  { value: 'zhihu', label: '知乎回答' },
  { value: 'toutiao', label: '今日头条文章' },
  { value: 'video_script', label: '短视频脚本 (抖音/快手)' },
] as const;

export type RepurposePlatform = (typeof REPURPOSE_PLATFORMS)[number]['value'];

export const REPURPOSE_PLATFORM_IDS = REPURPOSE_PLATFORMS.map((platform) => platform.value) as [RepurposePlatform, ...RepurposePlatform[]];

export function repurposeLabel(platform: string): string | undefined {
  return REPURPOSE_PLATFORMS.find((entry) => entry.value === platform)?.label;
}

export const REPURPOSE_PLATFORM_ERROR = '请选择要转换的平台：小红书、知乎、今日头条或短视频脚本';

/** The request body: only the platform (the source is in the path). */
export const repurposeRequestSchema = z.object({
  platform: z.enum(REPURPOSE_PLATFORM_IDS, { error: REPURPOSE_PLATFORM_ERROR }),
});
export type RepurposeRequest = z.infer<typeof repurposeRequestSchema>;

/**
 * The price of a repurpose: a third of the configured price of an article (the source is already
 * written; the work is to restructure and compress it), rounded up, at least 1 coin. The same on
 * both paths, as generation's fixed price is (decision 053, 075).
 */
export const REPURPOSE_PRICE_DIVISOR = 3;

export function repurposeCostCoins(articleCostCoins: number): number {
  return Math.max(1, Math.ceil(articleCostCoins / REPURPOSE_PRICE_DIVISOR));
}

/** GET /api/v1/articles/repurpose/quote: the price before the click, the balance, and whether it covers it. */
export const repurposeQuoteSchema = z.object({
  coins: z.number().int().positive(),
  balance: z.number().int(),
  enough: z.boolean(),
});
export type RepurposeQuote = z.infer<typeof repurposeQuoteSchema>;

/** Limits of each platform's form, used by the offline writer, the prompts and the tests. */
export const REPURPOSE_LIMITS = {
  xiaohongshuTitle: 20,
  xiaohongshuTags: { min: 5, max: 8 },
  toutiaoTitle: 30,
  toutiaoCovers: { min: 1, max: 3 },
  /** A short video's length in seconds, and how many Chinese characters a presenter says a second. */
  videoSeconds: { min: 60, max: 120 },
  videoCharsPerSecond: 4,
  videoHookSeconds: 3,
} as const;
