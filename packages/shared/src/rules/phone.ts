/** Mainland mobile numbers: 11 digits, starting with 1, second digit 3 to 9. */
const PHONE_PATTERN = /^1[3-9]\d{9}$/;

export const PHONE_MAX_LENGTH = 11;

export const PHONE_MESSAGES = {
  required: '请输入手机号',
  invalid: '请输入正确的手机号格式',
  invalidOnReset: '请输入有效的手机号',
} as const;

export function isValidPhone(phone: string): boolean {
  return PHONE_PATTERN.test(phone);
}

/** Loose e-mail shape check; the server sends a code to prove the address anyway. */
export function isValidEmail(email: string): boolean {
  return email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
}
