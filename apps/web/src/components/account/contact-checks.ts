import { isValidEmail, isValidPhone, PHONE_MESSAGES } from '@tianma/shared';

export const EMAIL_MESSAGES = { required: '请输入邮箱', invalid: '请输入正确的邮箱地址' } as const;

/** The problem with a phone number as typed, or null; `invalid` differs on the reset page. */
export function phoneProblem(phone: string, invalid: string = PHONE_MESSAGES.invalid): string | null {
  if (!phone.trim()) return PHONE_MESSAGES.required;
  return isValidPhone(phone.trim()) ? null : invalid;
}

export function emailProblem(email: string): string | null {
  if (!email.trim()) return EMAIL_MESSAGES.required;
  return isValidEmail(email.trim()) ? null : EMAIL_MESSAGES.invalid;
}
