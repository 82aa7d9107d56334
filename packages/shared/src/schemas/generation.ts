import { z } from 'zod';
import { ADVANCED_LENGTH, ARTICLE_TYPES, GUIDED_LENGTH, PLATFORMS, valuesOf, WRITING_STYLES } from '../constants/options.js';
import { deepspaceIdField } from './account.js';

/** The generation request of API.md: five wire fields, the rest under `settings`. */

const freeText = (max: number, message: string) => z.string().trim().max(max, message);

/**
 * An option value, or (for audience and industry) the user's own words: the client replaces
 * 自定义 with the typed text, and `custom` plus the custom field is accepted too (resolveCustom).
 */
const optionOrCustom = (label: string) =>
  z.string({ error: `请选择${label}` }).trim().min(1, `请选择${label}`).max(50, `${label}不能超过50个字`);

export const seoOptionsSchema = z
  .object({
    optimizePlatform: z.boolean().optional().default(true),
    optimizeTitleAndContent: z.boolean().optional().default(true),
  })
  .optional()
  .default({ optimizePlatform: true, optimizeTitleAndContent: true });

const commonSettings = {
  audience: optionOrCustom('目标受众').optional().default('worker'),
  customAudience: freeText(50, '自定义受众不能超过50个字').optional(),
  platform: z.enum(valuesOf(PLATFORMS), { error: '请选择发布平台' }).optional().default('wechat'),
  type: z.enum(valuesOf(ARTICLE_TYPES), { error: '请选择文章类型' }).optional().default('practical_guide'),
  style: z.enum(valuesOf(WRITING_STYLES), { error: '请选择写作风格' }).optional().default('professional_logical'),
};

/** The length slider of a mode: its range, with the spec's messages, and its default. */
const lengthField = (range: { min: number; max: number; default: number }) =>
  z.coerce
    .number({ error: '文章长度无效' })
    .int('文章长度无效')
    .min(range.min, `文章长度不能少于${range.min}字`)
    .max(range.max, `文章长度不能超过${range.max}字`)
    .optional()
    .default(range.default);

export const guidedSettingsSchema = z.object({
  ...commonSettings,
  length: lengthField(GUIDED_LENGTH),
});

export const advancedSettingsSchema = z.object({
  ...commonSettings,
  length: lengthField(ADVANCED_LENGTH),
  industry: optionOrCustom('行业领域').optional().default('unlimited'),
  customIndustry: freeText(50, '自定义行业不能超过50个字').optional(),
  useKnowledgeBase: z.boolean().optional().default(false),
  tempKnowledgeBaseId: freeText(100, '知识库会话无效').optional().nullable(),
  knowledgeDocumentIds: z.array(z.string().max(100)).max(5, '知识库文件最多5个').optional().default([]),
  useReferenceDoc: z.boolean().optional().default(false),
  referenceUrl: freeText(2000, '参考文章链接过长').optional().nullable(),
  referenceText: freeText(20000, '参考文章内容不能超过20000字').optional().nullable(),
  enableSeo: z.boolean().optional().default(false),
  seoKeywords: z
    .union([z.string().max(500, 'SEO关键词过长'), z.array(z.string().max(50)).max(20)])
    .optional()
    .default([])
    .transform((value) =>
      (Array.isArray(value) ? value : value.split(/[,，、]/))
        .map((keyword) => keyword.trim())
        .filter(Boolean)
        .slice(0, 20),
    ),
  seoOptions: seoOptionsSchema,
});

export const generateRequestSchema = z.object({
  topic: z
    .string({ error: '请输入文章主题' })
    .trim()
    .min(1, '请输入文章主题')
    .max(2000, '文章主题不能超过2000个字'),
  advanced_mode: z.boolean().optional().default(false),
  deepspaceId: deepspaceIdField,
  settings: z.record(z.string(), z.unknown()).optional().default({}),
  connection_id: z.string().max(100).nullable().optional(),
});

export type GuidedSettings = z.infer<typeof guidedSettingsSchema>;
export type AdvancedSettings = z.infer<typeof advancedSettingsSchema>;
export type GenerateRequest = z.infer<typeof generateRequestSchema>;

/** The custom audience or industry text replaces the choice when 自定义 was picked (spec §5). */
export function resolveCustom(choice: string, custom: string | undefined | null): string | null {
  if (choice !== 'custom') return choice;
  return custom?.trim() ? custom.trim() : null;
}

/**
 * POST /api/v1/articles/quote (API.md, beyond the spec): the mode and settings of a generate
 * request; the settings are checked by the same schemas as generate's. The topic is optional
 * (our addition, decision 057): it does not change the price, it only lets the answer say whether
 * the user already has articles on it (`previous`).
 */
export const quoteRequestSchema = generateRequestSchema
  .pick({ advanced_mode: true, deepspaceId: true, settings: true })
  .extend({ topic: z.string().max(2000, '文章主题不能超过2000个字').optional() });
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

/**
 * The user's earlier articles on the quoted topic (decision 057): how many, and the latest one.
 * Null when the topic is new to them or none was sent.
 */
export const previousVersionsSchema = z.object({
  count: z.number().int().positive(),
  latest: z.object({ articleId: z.string(), title: z.string(), createdAt: z.string() }),
});
export type PreviousVersions = z.infer<typeof previousVersionsSchema>;

/** The quote: what the server will hold for this article, the signed-in user's balance, and the earlier versions of this topic. */
export const quoteResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    coins: z.number().int().nonnegative(),
    balance: z.number().int().nonnegative(),
    enough: z.boolean(),
    // Optional on the way in: an older server's answer has no such field.
    previous: previousVersionsSchema.nullable().optional(),
  }),
});
export type Quote = z.infer<typeof quoteResponseSchema>['data'];
