import { z } from 'zod';
import { PHONE_MESSAGES } from '../rules/phone.js';

/** Request bodies of the account service (API.md), with the Chinese messages a user sees. */

const phone = z
  .string({ error: PHONE_MESSAGES.required })
  .trim()
  .min(1, PHONE_MESSAGES.required)
  .regex(/^1[3-9]\d{9}$/, PHONE_MESSAGES.invalid);

const email = z
  .string({ error: '请输入邮箱' })
  .trim()
  .min(1, '请输入邮箱')
  .max(254, '请输入正确的邮箱地址')
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, '请输入正确的邮箱地址')
  .transform((value) => value.toLowerCase());

const code = z
  .string({ error: '请输入验证码' })
  .trim()
  .min(1, '请输入验证码')
  .regex(/^\d{6}$/, '验证码为6位数字');

const passwordInput = z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128, '密码过长');

/** Optional text fields arrive as '' from the forms; treat blank as absent. */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** `deepspaceId` is accepted for compatibility (string or number) and checked against the session. */
export const deepspaceIdField = z
  .union([z.number(), z.string()])
  .optional()
  .transform((value) => (value === undefined || value === '' ? undefined : Number(value)));

export const USERNAME_MESSAGE = '用户名需为2-20位中文、字母、数字或下划线，且不能是纯数字';
export const usernameSchema = z
  .string({ error: '请输入用户名' })
  .trim()
  .min(1, '请输入用户名')
  .regex(/^[\p{Script=Han}A-Za-z0-9_]{2,20}$/u, USERNAME_MESSAGE)
  .refine((value) => !/^\d+$/.test(value), USERNAME_MESSAGE);

export const codePurposeSchema = z.enum(['LOGIN', 'REGISTER'], { error: '验证码类型无效' });

export const passwordLoginSchema = z.object({
  username: z.string({ error: '请输入用户名' }).trim().min(1, '请输入用户名').max(254, '用户名或密码错误'),
  password: passwordInput,
  rememberMe: z.boolean().optional().default(false),
});

export const smsLoginSchema = z.object({
  phoneNumber: phone,
  code,
  type: z.literal('LOGIN', { error: '验证码类型无效' }).optional(),
  rememberMe: z.boolean().optional().default(false),
});

export const emailLoginSchema = z.object({
  email,
  code,
  rememberMe: z.boolean().optional().default(false),
});

export const smsSendCodeSchema = z.object({ phoneNumber: phone, type: codePurposeSchema });
export const emailSendCodeSchema = z.object({ email, type: codePurposeSchema.optional().default('LOGIN') });

export const registerSchema = z
  .object({
    username: usernameSchema,
    phoneNumber: z.preprocess(blankToUndefined, phone.optional()),
    email: z.preprocess(blankToUndefined, email.optional()),
    type: z.literal('REGISTER', { error: '验证码类型无效' }).optional(),
    password: passwordInput,
    verificationCode: code,
  })
  .refine((body) => body.phoneNumber || body.email, { message: '请至少填写手机号或邮箱', path: ['phoneNumber'] });

export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: '请填写完整信息' }).min(1, '请填写完整信息').max(128, '密码过长'),
  newPassword: z.string({ error: '请填写完整信息' }).min(1, '请填写完整信息').max(128, '密码过长'),
  confirmPassword: z.string({ error: '请填写完整信息' }).min(1, '请填写完整信息').max(128, '密码过长'),
  deepspaceId: deepspaceIdField,
});

export const sendResetCodeSchema = z.object({
  phone: z.string({ error: PHONE_MESSAGES.required }).trim().regex(/^1[3-9]\d{9}$/, PHONE_MESSAGES.invalidOnReset),
});

export const resetPasswordSchema = z.object({
  phone: z.string({ error: '请填写完整信息' }).trim().regex(/^1[3-9]\d{9}$/, PHONE_MESSAGES.invalidOnReset),
  code: z.string({ error: '请填写完整信息' }).trim().regex(/^\d{6}$/, '验证码为6位数字'),
  newPassword: z.string({ error: '请填写完整信息' }).min(1, '请填写完整信息').max(128, '密码过长'),
});
