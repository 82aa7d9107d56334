import { z } from 'zod';
import { passwordIssues, passwordLengthProblem } from '../rules/password.js';
import { isValidEmail, isValidPhone, PHONE_MESSAGES } from '../rules/phone.js';
import { customTopupError } from '../rules/topup.js';
import { USERNAME_MESSAGE, usernameSchema } from './account.js';
import { FEEDBACK_TYPES, feedbackRequestSchema } from './articles.js';

/**
 * The forms of the web app as typed (every text field a string), with the spec's Chinese messages
 * (accounts §5). A form reports one problem at a time, as a toast: its rules run in the spec's
 * order and the first one broken aborts the rest, so a parse yields at most one issue, on the
 * field it concerns. The output is trimmed and ready to send.
 */

export const FORM_MESSAGES = {
  incomplete: '请填写完整信息',
  loginIncomplete: '请输入用户名和密码',
  codeRequired: '请输入验证码',
  noContact: '请至少填写手机号或邮箱',
  registerMismatch: '两次输入的密码不一致',
  resetMismatch: '两次密码输入不一致',
  changeMismatch: '新密码和确认密码不匹配',
} as const;

export const EMAIL_MESSAGES = { required: '请输入邮箱', invalid: '请输入正确的邮箱地址' } as const;

const isBlank = (value: string) => value.trim() === '';
/** Text is filled once trimmed; a password as typed (spaces count). */
const hasText = (value: string) => !isBlank(value);
const hasPassword = (value: string) => value !== '';

/** A refinement whose failure stops the form's later rules. */
const rule = (field: string, error: string) => ({ path: [field], error, abort: true });

/** `error` on the first field, in the order given, that its test finds empty; stops the later rules. */
function requireFilled<T extends Record<string, unknown>>(tests: { [K in keyof T]?: (value: string) => boolean }, error: string) {
  return (values: T, ctx: z.RefinementCtx<T>) => {
    const empty = Object.keys(tests).find((field) => !tests[field]?.(String(values[field])));
    if (empty) ctx.addIssue({ code: 'custom', path: [empty], message: error, continue: false });
  };
}

/** A phone number as typed; `invalid` is worded differently on the reset page. */
function phoneField(invalid: string) {
  return z.string().trim().min(1, { error: PHONE_MESSAGES.required, abort: true }).refine(isValidPhone, invalid);
}

/** Where a sign-in or register code goes: a mainland mobile number. */
export const phoneFieldSchema = phoneField(PHONE_MESSAGES.invalid);
/** The phone of the reset page, with its own wording (请输入有效的手机号). */
export const resetPhoneFieldSchema = phoneField(PHONE_MESSAGES.invalidOnReset);
export const emailFieldSchema = z.string().trim().min(1, { error: EMAIL_MESSAGES.required, abort: true }).refine(isValidEmail, EMAIL_MESSAGES.invalid);

/** 账号登录. The unmet password rules shown there are advice: accounts made under older rules must still sign in. */
export const accountLoginFormSchema = z
  .object({ username: z.string(), password: z.string(), rememberMe: z.boolean() })
  .superRefine(requireFilled({ username: hasText, password: hasPassword }, FORM_MESSAGES.loginIncomplete))
  .transform((form) => ({ ...form, username: form.username.trim() }));

const loginCode = z.string().trim().min(1, FORM_MESSAGES.codeRequired);

/** 手机登录: the phone first, then the code. */
export const smsLoginFormSchema = z.object({ contact: phoneFieldSchema, code: loginCode });
/** 邮箱登录: the e-mail first, then the code. */
export const emailLoginFormSchema = z.object({ contact: emailFieldSchema, code: loginCode });

/** 注册: e-mail is labelled optional, yet a phone or an e-mail is required; the password rules hold here. */
export const registerFormSchema = z
  .object({
    username: z.string(),
    phoneNumber: z.string(),
    email: z.string(),
    password: z.string(),
    confirmPassword: z.string(),
    verificationCode: z.string(),
  })
  .superRefine(requireFilled({ username: hasText, password: hasPassword, confirmPassword: hasPassword, verificationCode: hasText }, FORM_MESSAGES.incomplete))
  .refine((form) => usernameSchema.safeParse(form.username).success, rule('username', USERNAME_MESSAGE))
  .refine((form) => form.password === form.confirmPassword, rule('confirmPassword', FORM_MESSAGES.registerMismatch))
  .refine((form) => !isBlank(form.phoneNumber) || !isBlank(form.email), rule('phoneNumber', FORM_MESSAGES.noContact))
  .refine((form) => isBlank(form.phoneNumber) || isValidPhone(form.phoneNumber.trim()), rule('phoneNumber', PHONE_MESSAGES.invalid))
  .refine((form) => isBlank(form.email) || isValidEmail(form.email.trim()), rule('email', EMAIL_MESSAGES.invalid))
  .refine((form) => passwordIssues(form.password).length === 0, {
    path: ['password'],
    error: (issue) => passwordIssues((issue.input as { password: string }).password)[0],
    abort: true,
  })
  .transform(({ confirmPassword: _, ...form }) => ({
    ...form,
    username: form.username.trim(),
    phoneNumber: form.phoneNumber.trim(),
    email: form.email.trim(),
    verificationCode: form.verificationCode.trim(),
  }));

/** The one hard password rule where the strength is advice (decision 051): the server's minimum length. */
const longEnough = (password: string) => passwordLengthProblem(password) === null;
const tooShort = (issue: { input?: unknown }) => passwordLengthProblem((issue.input as { newPassword: string }).newPassword) ?? undefined;

/** 重置密码, step 1. */
export const resetPasswordFormSchema = z
  .object({ phone: z.string(), code: z.string(), newPassword: z.string(), confirmPassword: z.string() })
  .superRefine(requireFilled({ phone: hasText, code: hasText, newPassword: hasPassword, confirmPassword: hasPassword }, FORM_MESSAGES.incomplete))
  .refine((form) => isValidPhone(form.phone.trim()), rule('phone', PHONE_MESSAGES.invalidOnReset))
  .refine((form) => form.newPassword === form.confirmPassword, rule('confirmPassword', FORM_MESSAGES.resetMismatch))
  .refine((form) => longEnough(form.newPassword), { path: ['newPassword'], error: tooShort, abort: true })
  .transform(({ phone, code, newPassword }) => ({ phone: phone.trim(), code: code.trim(), newPassword }));

/** 修改密码 on the profile page; sent as typed, with the confirmation (the server checks it too). */
export const changePasswordFormSchema = z
  .object({ currentPassword: z.string(), newPassword: z.string(), confirmPassword: z.string() })
  .superRefine(requireFilled({ currentPassword: hasPassword, newPassword: hasPassword, confirmPassword: hasPassword }, FORM_MESSAGES.incomplete))
  .refine((form) => form.newPassword === form.confirmPassword, rule('confirmPassword', FORM_MESSAGES.changeMismatch))
  .refine((form) => longEnough(form.newPassword), { path: ['newPassword'], error: tooShort, abort: true });

/** 自定义充值: the coin amount as typed, by the rule the server applies to a custom order; the output is the number of coins. */
export const customTopupFormSchema = z.object({
  amount: z
    .string()
    .superRefine((amount, ctx) => {
      const problem = customTopupError(amount);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, continue: false });
    })
    .transform(Number),
});

/**
 * 请提供您的反馈: a type and some non-blank text (content-creation §5), by the rules of the feedback
 * call. No type is chosen when the modal opens on 详细反馈.
 */
export const feedbackFormSchema = feedbackRequestSchema.pick({ content: true }).extend({
  type: z.enum(FEEDBACK_TYPES).nullable().pipe(feedbackRequestSchema.shape.type),
});

export type AccountLoginFormValues = z.input<typeof accountLoginFormSchema>;
export type CodeLoginFormValues = z.input<typeof smsLoginFormSchema>;
export type RegisterFormValues = z.input<typeof registerFormSchema>;
export type ResetPasswordFormValues = z.input<typeof resetPasswordFormSchema>;
export type ChangePasswordFormValues = z.input<typeof changePasswordFormSchema>;
export type CustomTopupFormValues = z.input<typeof customTopupFormSchema>;
export type FeedbackFormValues = z.input<typeof feedbackFormSchema>;
