import { emailFieldSchema, phoneFieldSchema, resetPhoneFieldSchema } from '@tianma/shared';
import type { ZodType } from 'zod';

/** The first problem `schema` finds in `value`, or null. */
function problemOf(schema: ZodType, value: string): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** Checked before a code is sent, by the same schemas as the forms' fields. */
export const phoneProblem = (phone: string) => problemOf(phoneFieldSchema, phone);
/** The reset page words a malformed phone its own way (请输入有效的手机号). */
export const resetPhoneProblem = (phone: string) => problemOf(resetPhoneFieldSchema, phone);
export const emailProblem = (email: string) => problemOf(emailFieldSchema, email);
