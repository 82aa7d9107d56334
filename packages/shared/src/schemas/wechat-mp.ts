import { z } from 'zod';

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
