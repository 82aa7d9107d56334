import { PHONE_MESSAGES, passwordIssues, USERNAME_MESSAGE, usernameSchema } from '@tianma/shared';
import { EMAIL_MESSAGES, emailProblem, phoneProblem } from '../../components/account/contact-checks';

export interface RegisterForm {
  username: string;
  phone: string;
  email: string;
  password: string;
  confirmPassword: string;
  verificationCode: string;
}

export const REGISTER_MESSAGES = {
  incomplete: '请填写完整信息',
  mismatch: '两次输入的密码不一致',
  noContact: '请至少填写手机号或邮箱',
  badPhone: PHONE_MESSAGES.invalid,
  badEmail: EMAIL_MESSAGES.invalid,
} as const;

/** The first thing wrong with the form (spec §5, register), or null when it may be sent. */
export function registerProblem(form: RegisterForm): string | null {
  const phone = form.phone.trim();
  const email = form.email.trim();
  if (!form.username.trim() || !form.password || !form.confirmPassword || !form.verificationCode.trim()) {
    return REGISTER_MESSAGES.incomplete;
  }
  if (!usernameSchema.safeParse(form.username).success) return USERNAME_MESSAGE;
  if (form.password !== form.confirmPassword) return REGISTER_MESSAGES.mismatch;
  if (!phone && !email) return REGISTER_MESSAGES.noContact;
  if (phone && phoneProblem(phone)) return REGISTER_MESSAGES.badPhone;
  if (email && emailProblem(email)) return REGISTER_MESSAGES.badEmail;
  return passwordIssues(form.password)[0] ?? null;
}
