import { describe, expect, it } from 'vitest';
import { isStrongPassword, loginPasswordIssues, passwordIssues } from './password.js';

describe('password strength', () => {
  it('lists every unmet rule in the register wording and order', () => {
    expect(passwordIssues('')).toEqual(['密码长度至少8位', '需包含字母', '需包含数字', '需包含特殊字符']);
    expect(passwordIssues('abcdefgh')).toEqual(['需包含数字', '需包含特殊字符']);
  });
  it('lists unmet rules in the sign-in wording and order', () => {
    expect(loginPasswordIssues('abc')).toEqual(['密码长度至少为8位', '密码必须包含数字', '密码必须包含特殊字符']);
  });
  it('accepts only the listed special characters', () => {
    expect(isStrongPassword('abcd1234!')).toBe(true);
    expect(isStrongPassword('abcd1234?')).toBe(false);
    expect(isStrongPassword('Ab1!')).toBe(false);
  });
  it('counts characters, not UTF-16 units', () => {
    expect(passwordIssues('密码a1!🙂🙂🙂')).toEqual([]);
  });
});
