import { z } from 'zod';
import { generateRequestSchema, resolveCustom } from './generation.js';

/**
 * The values of the creation forms (guided and advanced), checked before a start by the generate
 * call's own rules (content-creation §5). The page checks the user between the topic and the
 * custom choices, so they are two schemas.
 */

export const CREATION_MESSAGES = {
  noTopic: '请输入文章主题',
  // The server's wording for the same gaps (create-task.ts).
  noCustomAudience: '请填写自定义目标受众',
  noCustomIndustry: '请填写自定义行业领域',
} as const;

/** Anything but spaces, as the generate call takes it. */
export const creationTopicSchema = generateRequestSchema.shape.topic;

/** 自定义 audience or industry needs the user's own words (resolveCustom, as the server resolves them). */
export const customChoicesSchema = z
  .object({ audience: z.string(), customAudience: z.string(), industry: z.string().optional(), customIndustry: z.string().optional() })
  .refine((form) => resolveCustom(form.audience, form.customAudience) !== null, {
    path: ['customAudience'],
    error: CREATION_MESSAGES.noCustomAudience,
    abort: true,
  })
  .refine((form) => form.industry === undefined || resolveCustom(form.industry, form.customIndustry) !== null, {
    path: ['customIndustry'],
    error: CREATION_MESSAGES.noCustomIndustry,
    abort: true,
  });
