import { z } from 'zod';
import { WECHAT_THEMES, isWechatThemeId } from '../constants/wechat-themes.js';

/** POST /api/v1/publish/wechat/accounts (API.md "Beyond the spec"): bind an official account (公众号). */

export const WECHAT_ACCOUNT_NAME_MAX = 30;

export const bindWechatAccountRequestSchema = z.object({
  appId: z
    .string({ error: '请输入公众号的 AppID' })
    .trim()
    .min(1, '请输入公众号的 AppID')
    .regex(/^wx[0-9a-zA-Z]{16}$/, 'AppID 格式不正确：应为 wx 开头的 18 位字符（公众号后台「设置与开发 → 基本配置」）'),
  appSecret: z
    .string({ error: '请输入公众号的 AppSecret' })
    .trim()
    .min(1, '请输入公众号的 AppSecret')
    .regex(/^[0-9a-zA-Z]{32}$/, 'AppSecret 格式不正确：应为 32 位字母或数字'),
  name: z.string({ error: '公众号名称必须是文字' }).trim().max(WECHAT_ACCOUNT_NAME_MAX, `公众号名称不能超过${WECHAT_ACCOUNT_NAME_MAX}个字`).optional().nullable(),
});
export type BindWechatAccountRequest = z.infer<typeof bindWechatAccountRequestSchema>;

export const wechatAccountSchema = z.object({ accountId: z.string(), appId: z.string(), name: z.string() });
export type WechatAccount = z.infer<typeof wechatAccountSchema>;

/** POST /api/v1/articles/{articleId}/publish/wechat: an article into a bound account's draft box (decision 074). */
export const WECHAT_AUTHOR_MAX = 16;
export const WECHAT_DIGEST_MAX = 128;

export const publishWechatRequestSchema = z.object({
  accountId: z.string({ error: '请选择要发布到的公众号' }).trim().min(1, '请选择要发布到的公众号'),
  theme: z
    .string({ error: '排版主题必须是文字' })
    .refine(isWechatThemeId, `没有这个排版主题，可选：${WECHAT_THEMES.map((theme) => theme.id).join('、')}`)
    .optional()
    .nullable(),
  author: z.string({ error: '作者必须是文字' }).trim().max(WECHAT_AUTHOR_MAX, `作者不能超过${WECHAT_AUTHOR_MAX}个字`).optional().nullable(),
  digest: z.string({ error: '摘要必须是文字' }).trim().max(WECHAT_DIGEST_MAX, `摘要不能超过${WECHAT_DIGEST_MAX}个字`).optional().nullable(),
  submit: z.boolean({ error: 'submit 必须是 true 或 false' }).optional().nullable(),
  scheduleAt: z.string({ error: '定时发布时间必须是 ISO 8601 时间' }).optional().nullable(),
});
export type PublishWechatRequest = z.infer<typeof publishWechatRequestSchema>;

export const WECHAT_PUBLISH_STATES = ['queued', 'draft_created', 'submitted', 'published', 'failed'] as const;
export type WechatPublishState = (typeof WECHAT_PUBLISH_STATES)[number];

/**
 * Shown before a submit (`submit: true`), by the web and in the API's notice, in these words:
 * what a publication through freepublish does not do (WECHATMP.md).
 */
export const WECHAT_FREEPUBLISH_NOTICE =
  '通过接口直接发表的文章不会出现在公众号历史消息列表中，也不推送给粉丝（粉丝不会收到消息），且不能声明原创；文章只能通过链接访问。若需要群发、推送或声明原创，请只存入草稿箱，再到公众号后台发表。';

/** scheduleAt: at least 2 minutes and at most 30 days ahead (decision 076). */
export const WECHAT_SCHEDULE_MIN_MS = 2 * 60_000;
export const WECHAT_SCHEDULE_MAX_MS = 30 * 24 * 3600_000;

/** What is wrong with a scheduleAt (Chinese), or null; the server and the web check alike. */
export function scheduleAtProblem(value: string, now: Date = new Date()): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(value.trim()) || Number.isNaN(Date.parse(value))) {
    return '定时发布时间格式不正确，应为带时区的 ISO 8601 时间，例如 2030-01-01T08:00:00+08:00';
  }
  const ahead = Date.parse(value) - now.getTime();
  if (ahead < WECHAT_SCHEDULE_MIN_MS) return '定时发布时间至少要在 2 分钟之后，请选择更晚的时间';
  if (ahead > WECHAT_SCHEDULE_MAX_MS) return '定时发布时间不能超过 30 天之后，请选择更早的时间';
  return null;
}

export const wechatPublicationSchema = z.object({
  publishId: z.string(),
  state: z.enum(WECHAT_PUBLISH_STATES),
  mediaId: z.string().optional(),
  message: z.string().optional(),
  accountId: z.string().optional(),
  theme: z.string().optional(),
  /** Whether it is (or will be) submitted with freepublish after the draft. */
  submit: z.boolean().optional(),
  /** ISO time a queued publication runs at. */
  scheduledAt: z.string().optional(),
  /** The published article's permanent address (state published). */
  articleUrl: z.string().optional(),
  createdAt: z.string().optional(),
  /** In the article's list of publications: the account's name. */
  accountName: z.string().optional(),
});
export type WechatPublication = z.infer<typeof wechatPublicationSchema>;

/** GET /api/v1/publish/wechat/notice */
export const wechatPublishNoticeSchema = z.object({ submit: z.string() });

/** PUT /api/v1/articles/{articleId}/wechat-theme */
export const setWechatThemeRequestSchema = z.object({
  theme: z
    .string({ error: `请选择排版主题，可选：${WECHAT_THEMES.map((theme) => theme.id).join('、')}` })
    .refine(isWechatThemeId, `没有这个排版主题，可选：${WECHAT_THEMES.map((theme) => theme.id).join('、')}`),
});
export type SetWechatThemeRequest = z.infer<typeof setWechatThemeRequestSchema>;

/** POST /api/v1/articles/{articleId}/publish/wechat/preflight: what WeChat would strip or alter, without any WeChat call. */
export const wechatPreflightRequestSchema = z.object({
  theme: z
    .string({ error: '排版主题必须是文字' })
    .refine(isWechatThemeId, `没有这个排版主题，可选：${WECHAT_THEMES.map((theme) => theme.id).join('、')}`)
    .optional()
    .nullable(),
});

export const PREFLIGHT_FINDING_LEVELS = ['info', 'warn', 'block'] as const;

export const wechatPreflightFindingSchema = z.object({
  kind: z.string(),
  /** info: handled for you; warn: handled, but check the result; block: the draft cannot be made until fixed. */
  level: z.enum(PREFLIGHT_FINDING_LEVELS),
  count: z.number(),
  message: z.string(),
  fix: z.string(),
  examples: z.array(z.string()).optional(),
});
export type WechatPreflightFinding = z.infer<typeof wechatPreflightFindingSchema>;

export const wechatPreflightLimitSchema = z.object({
  field: z.enum(['title', 'author', 'digest', 'contentChars', 'contentBytes']),
  label: z.string(),
  length: z.number(),
  max: z.number(),
  ok: z.boolean(),
});
export type WechatPreflightLimit = z.infer<typeof wechatPreflightLimitSchema>;

export const wechatPreflightReportSchema = z.object({
  html: z.string(),
  theme: z.string(),
  findings: z.array(wechatPreflightFindingSchema),
  limits: z.array(wechatPreflightLimitSchema),
  /** Pictures of ours (uploaded to WeChat), of which converted to JPEG first, and external ones (left out). */
  pictures: z.object({ ours: z.number(), converted: z.number(), external: z.number() }),
  ok: z.boolean(),
});
export type WechatPreflightReport = z.infer<typeof wechatPreflightReportSchema>;
