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

/** The one hard rule when a password is changed or reset (spec §5: strength is advisory there). */
export const PASSWORD_TOO_SHORT = '密码长度至少8位';

/** PASSWORD_TOO_SHORT when the password is under the minimum length, else null. */
export function passwordLengthProblem(password: string): string | null {
  return [...password].length < PASSWORD_MIN_LENGTH ? PASSWORD_TOO_SHORT : null;
}

export type PasswordStrengthLevel = 'weak' | 'medium' | 'strong';

export interface PasswordStrength {
  /** How many of the four rules are met (0 to 4). */
  score: number;
  level: PasswordStrengthLevel;
  /** 弱, 中 or 强. */
  label: string;
}

const STRENGTH_LABELS: Record<PasswordStrengthLevel, string> = { weak: '弱', medium: '中', strong: '强' };

/**
 * The strength shown beside a new password: every rule met is strong; long enough with one rule
 * unmet is medium; anything else (too short, or two rules unmet) is weak. Advice only.
 */
export function passwordStrength(password: string): PasswordStrength {
  const unmet = unmetRules(password);
  const score = 4 - unmet.size;
  const level: PasswordStrengthLevel = unmet.size === 0 ? 'strong' : !unmet.has('length') && unmet.size === 1 ? 'medium' : 'weak';
  return { score, level, label: STRENGTH_LABELS[level] };
}
