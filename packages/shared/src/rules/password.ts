export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_SPECIAL_CHARS = '!@#$%^&*';

export type PasswordRule = 'length' | 'letter' | 'digit' | 'special';

/**
 * Two wordings exist in the spec: the sign-in screen's and the one shared by register,
 * reset and the server. Each lists the rules in its own order.
 */
const LOGIN_WORDING: [PasswordRule, string][] = [
  ['length', '密码长度至少为8位'],
  ['digit', '密码必须包含数字'],
  ['letter', '密码必须包含字母'],
  ['special', '密码必须包含特殊字符'],
];

const FORM_WORDING: [PasswordRule, string][] = [
  ['length', '密码长度至少8位'],
  ['letter', '需包含字母'],
  ['digit', '需包含数字'],
  ['special', '需包含特殊字符'],
];

function unmetRules(password: string): Set<PasswordRule> {
  const unmet = new Set<PasswordRule>();
  if ([...password].length < PASSWORD_MIN_LENGTH) unmet.add('length');
  if (!/[A-Za-z]/.test(password)) unmet.add('letter');
  if (!/[0-9]/.test(password)) unmet.add('digit');
  if (![...password].some((ch) => PASSWORD_SPECIAL_CHARS.includes(ch))) unmet.add('special');
  return unmet;
}

/** Unmet rules in the register/reset wording (the server uses this one too). */
export function passwordIssues(password: string): string[] {
  const unmet = unmetRules(password);
  return FORM_WORDING.filter(([rule]) => unmet.has(rule)).map(([, message]) => message);
}

/** Unmet rules in the sign-in screen's wording. */
export function loginPasswordIssues(password: string): string[] {
  const unmet = unmetRules(password);
  return LOGIN_WORDING.filter(([rule]) => unmet.has(rule)).map(([, message]) => message);
}

export function isStrongPassword(password: string): boolean {
  return unmetRules(password).size === 0;
}
