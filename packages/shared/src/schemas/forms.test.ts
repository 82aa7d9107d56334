import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  accountLoginFormSchema,
  changePasswordFormSchema,
  customTopupFormSchema,
  EMAIL_MESSAGES,
  emailFieldSchema,
  emailLoginFormSchema,
  FORM_MESSAGES,
  feedbackFormSchema,
  phoneFieldSchema,
  registerFormSchema,
  resetPasswordFormSchema,
  resetPhoneFieldSchema,
  smsLoginFormSchema,
} from './forms.js';

/** The issues of a failed parse as `path: message`; a form reports one at a time. */
function problems(schema: z.ZodType, values: unknown): string[] {
  const result = schema.safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('contact fields', () => {
  it('asks for a phone, then for the right format, worded for the reset page there', () => {
    expect(problems(phoneFieldSchema, '  ')).toEqual([': 请输入手机号']);
    expect(problems(phoneFieldSchema, '12800138000')).toEqual([': 请输入正确的手机号格式']);
    expect(problems(resetPhoneFieldSchema, '1380013800')).toEqual([': 请输入有效的手机号']);
    expect(phoneFieldSchema.parse(' 13800138000 ')).toBe('13800138000');
  });

  it('asks for an e-mail, then for a plausible one', () => {
    expect(EMAIL_MESSAGES).toEqual({ required: '请输入邮箱', invalid: '请输入正确的邮箱地址' });
    expect(problems(emailFieldSchema, '')).toEqual([': 请输入邮箱']);
    expect(problems(emailFieldSchema, 'a@b')).toEqual([': 请输入正确的邮箱地址']);
    expect(emailFieldSchema.parse(' a@example.com ')).toBe('a@example.com');
  });
});

describe('accountLoginFormSchema', () => {
  it('needs a username and a password, and nothing more', () => {
    expect(problems(accountLoginFormSchema, { username: ' ', password: 'x', rememberMe: false })).toEqual(['username: 请输入用户名和密码']);
    expect(problems(accountLoginFormSchema, { username: 'alice', password: '', rememberMe: false })).toEqual(['password: 请输入用户名和密码']);
    expect(accountLoginFormSchema.parse({ username: ' alice ', password: 'abc', rememberMe: true })).toEqual({
      username: 'alice',
      password: 'abc',
      rememberMe: true,
    });
  });
});

describe('code login forms', () => {
  it('check the phone or e-mail before the code', () => {
    expect(problems(smsLoginFormSchema, { contact: '', code: '' })).toEqual(['contact: 请输入手机号', 'code: 请输入验证码']);
    expect(problems(smsLoginFormSchema, { contact: '12345678901', code: '1' })).toEqual(['contact: 请输入正确的手机号格式']);
    expect(problems(emailLoginFormSchema, { contact: 'a@example.com', code: ' ' })).toEqual(['code: 请输入验证码']);
    expect(smsLoginFormSchema.parse({ contact: '13800138000 ', code: ' 123456' })).toEqual({ contact: '13800138000', code: '123456' });
  });
});

describe('registerFormSchema', () => {
  const complete = {
    username: 'alice',
    phoneNumber: '13800138000',
    email: '',
    password: 'Secret#123',
    confirmPassword: 'Secret#123',
    verificationCode: '123456',
  };

  it.each([
    ['a blank required field', { verificationCode: ' ' }, 'verificationCode: 请填写完整信息'],
    ['a blank field before a bad username', { username: '1', password: '' }, 'password: 请填写完整信息'],
    ['a bad username', { username: '12345' }, 'username: 用户名需为2-20位中文、字母、数字或下划线，且不能是纯数字'],
    ['different passwords before a bad phone', { confirmPassword: 'Secret#124', phoneNumber: '1' }, 'confirmPassword: 两次输入的密码不一致'],
    ['neither phone nor e-mail', { phoneNumber: ' ', email: '' }, 'phoneNumber: 请至少填写手机号或邮箱'],
    ['a malformed phone', { phoneNumber: '12800138000' }, 'phoneNumber: 请输入正确的手机号格式'],
    ['a malformed e-mail', { phoneNumber: '', email: 'a@' }, 'email: 请输入正确的邮箱地址'],
    ['a password without a digit', { password: 'secret#abc', confirmPassword: 'secret#abc' }, 'password: 需包含数字'],
    ['a short password', { password: 'ab1!', confirmPassword: 'ab1!' }, 'password: 密码长度至少8位'],
  ])('reports only %s', (_, change, problem) => {
    expect(problems(registerFormSchema, { ...complete, ...change })).toEqual([problem]);
  });

  it('gives the trimmed body without the confirmation', () => {
    expect(registerFormSchema.parse({ ...complete, username: ' alice ', email: ' a@example.com ', verificationCode: '123456 ' })).toEqual({
      username: 'alice',
      phoneNumber: '13800138000',
      email: 'a@example.com',
      password: 'Secret#123',
      verificationCode: '123456',
    });
  });
});

describe('resetPasswordFormSchema', () => {
  const filled = { phone: '13800138000', code: '123456', newPassword: 'Newpass#1', confirmPassword: 'Newpass#1' };

  it.each([
    ['an empty field', { code: '' }, 'code: 请填写完整信息'],
    ['a malformed phone', { phone: '1380013800' }, 'phone: 请输入有效的手机号'],
    ['different passwords', { confirmPassword: 'Newpass#2' }, 'confirmPassword: 两次密码输入不一致'],
    ['a password under 8 characters', { newPassword: 'ab1!', confirmPassword: 'ab1!' }, 'newPassword: 密码长度至少8位'],
  ])('reports only %s', (_, change, problem) => {
    expect(problems(resetPasswordFormSchema, { ...filled, ...change })).toEqual([problem]);
  });

  it('takes a weak password of 8 characters (the strength is advice) and gives the body', () => {
    expect(resetPasswordFormSchema.parse({ ...filled, phone: ' 13800138000', newPassword: '12345678', confirmPassword: '12345678' })).toEqual({
      phone: '13800138000',
      code: '123456',
      newPassword: '12345678',
    });
  });
});

describe('changePasswordFormSchema', () => {
  const filled = { currentPassword: 'Secret#123', newPassword: 'Newpass#1', confirmPassword: 'Newpass#1' };

  it.each([
    ['an empty field', { currentPassword: '' }, 'currentPassword: 请填写完整信息'],
    ['different passwords', { confirmPassword: 'Newpass#2' }, 'confirmPassword: 新密码和确认密码不匹配'],
    ['a password under 8 characters', { newPassword: 'ab1!', confirmPassword: 'ab1!' }, 'newPassword: 密码长度至少8位'],
  ])('reports only %s', (_, change, problem) => {
    expect(problems(changePasswordFormSchema, { ...filled, ...change })).toEqual([problem]);
  });

  it('takes a weak password as typed', () => {
    const weak = { ...filled, newPassword: 'weakpass', confirmPassword: 'weakpass' };
    expect(changePasswordFormSchema.parse(weak)).toEqual(weak);
  });
});

describe('customTopupFormSchema', () => {
  it.each([
    ['', '请输入充值数量'],
    ['abc', '请输入充值数量'],
    ['50', '充值数量不能少于100币'],
    ['150', '充值数量必须是100的整数倍'],
    ['100.5', '充值数量必须是100的整数倍'],
    ['500100', '单次充值不能超过500000币'],
  ])('refuses "%s" with %s', (amount, message) => {
    expect(problems(customTopupFormSchema, { amount })).toEqual([`amount: ${message}`]);
  });

  it('gives the coins as a number', () => {
    expect(customTopupFormSchema.parse({ amount: ' 1500 ' })).toEqual({ amount: 1500 });
  });
});

describe('feedbackFormSchema', () => {
  it('needs a type and non-blank text', () => {
    expect(problems(feedbackFormSchema, { type: null, content: '很好' })).toEqual(['type: 请选择反馈类型']);
    expect(problems(feedbackFormSchema, { type: 'like', content: '   ' })).toEqual(['content: 请填写反馈内容']);
    expect(problems(feedbackFormSchema, { type: 'dislike', content: 'x'.repeat(1001) })).toEqual(['content: 反馈内容不能超过1000个字']);
    expect(feedbackFormSchema.parse({ type: 'dislike', content: ' 段落过长 ' })).toEqual({ type: 'dislike', content: '段落过长' });
  });
});

it('names every message of the account forms as the spec writes it', () => {
  expect(FORM_MESSAGES).toEqual({
    incomplete: '请填写完整信息',
    loginIncomplete: '请输入用户名和密码',
    codeRequired: '请输入验证码',
    noContact: '请至少填写手机号或邮箱',
    registerMismatch: '两次输入的密码不一致',
    resetMismatch: '两次密码输入不一致',
    changeMismatch: '新密码和确认密码不匹配',
  });
});
