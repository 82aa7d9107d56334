import { PHONE_MESSAGES, passwordLengthProblem } from '@tianma/shared';
import { phoneProblem } from '../../components/account/contact-checks';

export interface ResetForm {
  phone: string;
  code: string;
  newPassword: string;
  confirmPassword: string;
}

export const RESET_MESSAGES = {
  incomplete: '请填写完整信息',
  badPhone: PHONE_MESSAGES.invalidOnReset,
  mismatch: '两次密码输入不一致',
} as const;

/**
 * The first thing wrong with the reset form (spec §5), or null. The strength is advice here; only
 * the minimum length, which the server holds too, stops the reset (decision 051).
 */
export function resetProblem(form: ResetForm): string | null {
  if (!form.phone.trim() || !form.code.trim() || !form.newPassword || !form.confirmPassword) return RESET_MESSAGES.incomplete;
  if (phoneProblem(form.phone, RESET_MESSAGES.badPhone)) return RESET_MESSAGES.badPhone;
  if (form.newPassword !== form.confirmPassword) return RESET_MESSAGES.mismatch;
  return passwordLengthProblem(form.newPassword);
}
