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

export const wechatPublicationSchema = z.object({
  publishId: z.string(),
  state: z.enum(WECHAT_PUBLISH_STATES),
  mediaId: z.string().optional(),
  message: z.string().optional(),
});
export type WechatPublication = z.infer<typeof wechatPublicationSchema>;
