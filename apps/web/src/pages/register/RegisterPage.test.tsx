import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../components/account/test-fetch';
import { jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { REGISTER_PATH, RegisterPage } from './RegisterPage';

const SMS_SEND = '/api/account/sms/send-code';
const EMAIL_SEND = '/api/account/email/send-code';
const sent = () => jsonResponse({ success: true, msg: '验证码已发送' });

function renderRegister() {
  const user = userEvent.setup();
  renderWithProviders(<RegisterPage />, { path: '/register' });
  const field = (label: string) => screen.getByLabelText(label);
  const fill = async (values: Record<string, string>) => {
    for (const [label, value] of Object.entries(values)) await user.type(field(label), value);
  };
  return { user, field, fill };
}

const toastTexts = () => screen.queryAllByRole('status').map((toast) => toast.textContent);
const COMPLETE = { 用户名: 'alice', 密码: 'Secret#123', 确认密码: 'Secret#123', 验证码: '123456' };

describe('RegisterPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('labels the e-mail optional and links back to /login', () => {
    renderRegister();
    expect(screen.getByLabelText('邮箱（选填）')).toHaveAttribute('type', 'email');
    expect(screen.getByRole('link', { name: /^已有账号？\s*去登录$/ })).toHaveAttribute('href', '/login');
  });

  it('keeps 获取验证码 disabled until a phone or an e-mail is filled', async () => {
    const { user, field } = renderRegister();
    const getCode = screen.getByRole('button', { name: '获取验证码' });
    expect(getCode).toBeDisabled();
    await user.type(field('邮箱（选填）'), 'a@example.com');
    expect(getCode).toBeEnabled();
    await user.clear(field('邮箱（选填）'));
    expect(getCode).toBeDisabled();
    await user.type(field('手机号'), '1');
    expect(getCode).toBeEnabled();
  });

  it('sends the code to the phone when one is given', async () => {
    const { bodiesOf, calls } = stubApi({ [SMS_SEND]: sent(), [EMAIL_SEND]: sent() });
    const { user, fill } = renderRegister();
    await fill({ 手机号: '13800138000', '邮箱（选填）': 'a@example.com' });
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('验证码已发送')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '60秒后重试' })).toBeDisabled();
    expect(calls.map((call) => call.path)).toEqual([SMS_SEND]);
    expect(bodiesOf(SMS_SEND)).toEqual([{ phoneNumber: '13800138000', type: 'REGISTER' }]);
  });

  it('sends the code to the e-mail when there is no phone', async () => {
    const { bodiesOf, calls } = stubApi({ [SMS_SEND]: sent(), [EMAIL_SEND]: sent() });
    const { user, fill } = renderRegister();
    await fill({ '邮箱（选填）': 'a@example.com' });
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    await screen.findByText('验证码已发送');
    expect(calls.map((call) => call.path)).toEqual([EMAIL_SEND]);
    expect(bodiesOf(EMAIL_SEND)).toEqual([{ email: 'a@example.com', type: 'REGISTER' }]);
  });

  it('refuses a malformed phone before sending a code', async () => {
    const { calls } = stubApi({});
    const { user, fill } = renderRegister();
    await fill({ 手机号: '1234' });
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(toastTexts()).toEqual(['请输入正确的手机号格式']);
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['a missing field', { 用户名: 'alice', 密码: 'Secret#123', 确认密码: 'Secret#123', 手机号: '13800138000' }, '请填写完整信息'],
    ['different passwords', { ...COMPLETE, 确认密码: 'Secret#124', 手机号: '13800138000' }, '两次输入的密码不一致'],
    ['neither phone nor e-mail', COMPLETE, '请至少填写手机号或邮箱'],
    ['a malformed phone', { ...COMPLETE, 手机号: '12800138000' }, '请输入正确的手机号格式'],
    ['a weak password', { ...COMPLETE, 密码: 'secret#abc', 确认密码: 'secret#abc', 手机号: '13800138000' }, '需包含数字'],
  ])('stops %s with its message', async (_, values, message) => {
    const { calls } = stubApi({});
    const { user, fill } = renderRegister();
    await fill(values);
    await user.click(screen.getByRole('button', { name: '注册' }));
    expect(toastTexts()).toEqual([message]);
    expect(calls).toHaveLength(0);
  });

  it('registers, says so, and goes to /login', async () => {
    const { bodiesOf } = stubApi({ [REGISTER_PATH]: jsonResponse({ success: true, message: '注册成功' }) });
    const { user, fill } = renderRegister();
    await fill({ ...COMPLETE, 手机号: '13800138000' });
    await user.click(screen.getByRole('button', { name: '注册' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/login$/);
    expect(toastTexts()).toEqual(['注册成功，已赠送300币，请登录']);
    expect(bodiesOf(REGISTER_PATH)).toEqual([
      { username: 'alice', phoneNumber: '13800138000', type: 'REGISTER', email: '', password: 'Secret#123', verificationCode: '123456' },
    ]);
  });

  it.each([
    ['the server message', () => jsonResponse({ success: false, message: '用户名已被占用' }, { status: 409 }), '用户名已被占用'],
    ['注册失败 without a reason', () => jsonResponse({ success: false }), '注册失败'],
    ['注册失败，请检查输入 on a network error', () => new TypeError('Failed to fetch'), '注册失败，请检查输入'],
  ])('shows %s when registering fails', async (_, answer, message) => {
    stubApi({ [REGISTER_PATH]: answer });
    const { user, fill } = renderRegister();
    await fill({ ...COMPLETE, '邮箱（选填）': 'a@example.com' });
    await user.click(screen.getByRole('button', { name: '注册' }));
    await waitFor(() => expect(toastTexts()).toEqual([message]));
    expect(screen.getByRole('button', { name: '注册' })).toBeEnabled();
  });
});
