import { describe, expect, it } from 'vitest';
import { isStrongPassword, loginPasswordIssues, passwordIssues, passwordLengthProblem, passwordStrength } from './password.js';

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
  it('rates the strength as advice: weak, medium or strong', () => {
    expect(passwordStrength('abc')).toEqual({ score: 1, level: 'weak', label: '弱' });
    expect(passwordStrength('abcdefgh')).toEqual({ score: 2, level: 'weak', label: '弱' });
    expect(passwordStrength('abcdefg1')).toEqual({ score: 3, level: 'medium', label: '中' });
    expect(passwordStrength('ab1!')).toEqual({ score: 3, level: 'weak', label: '弱' });
    expect(passwordStrength('abcd1234!')).toEqual({ score: 4, level: 'strong', label: '强' });
  });
  it('keeps the minimum length as the only hard rule', () => {
    expect(passwordLengthProblem('abcdefgh')).toBeNull();
    expect(passwordLengthProblem('密码密码密码密码')).toBeNull();
    expect(passwordLengthProblem('abc1!')).toBe('密码长度至少8位');
  });
});
