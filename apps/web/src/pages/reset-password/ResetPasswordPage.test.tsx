import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../components/account/test-fetch';
import { jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { RESET_PASSWORD_PATH, SEND_RESET_CODE_PATH } from './ResetPasswordForm';
import { ResetPasswordPage } from './ResetPasswordPage';

const FILLED = { 手机号: '13800138000', 短信验证码: '123456', 新密码: 'Newpass#1', 确认新密码: 'Newpass#1' };

function renderReset() {
  const user = userEvent.setup();
  const rendered = renderWithProviders(<ResetPasswordPage />, { path: '/reset-password' });
  const fill = async (values: Record<string, string>) => {
    for (const [label, value] of Object.entries(values)) await user.type(screen.getByLabelText(label), value);
  };
  return { user, fill, ...rendered };
}

const toastTexts = () => screen.queryAllByRole('status').map((toast) => toast.textContent);

describe('ResetPasswordPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('limits the phone to 11 and the code to 6 characters', () => {
    renderReset();
    expect(screen.getByRole('heading', { name: '重置密码' })).toBeInTheDocument();
    expect(screen.getByLabelText('手机号')).toHaveAttribute('maxLength', '11');
    expect(screen.getByLabelText('短信验证码')).toHaveAttribute('maxLength', '6');
  });

  it.each([
    ['an empty field', { ...FILLED, 短信验证码: '' }, '请填写完整信息'],
    ['a malformed phone', { ...FILLED, 手机号: '1380013800' }, '请输入有效的手机号'],
    ['different passwords', { ...FILLED, 确认新密码: 'Newpass#2' }, '两次密码输入不一致'],
    ['a password under 8 characters', { ...FILLED, 新密码: 'ab1!', 确认新密码: 'ab1!' }, '密码长度至少8位'],
  ])('stops %s with its message', async (_, values, message) => {
    const { calls } = stubApi({});
    const { user, fill } = renderReset();
    await fill(Object.fromEntries(Object.entries(values).filter(([, value]) => value)));
    await user.click(screen.getByRole('button', { name: '重置密码' }));
    expect(toastTexts()).toEqual([message]);
    expect(calls).toHaveLength(0);
  });

  it('sends the SMS code and counts down with 秒后重发', async () => {
    const { bodiesOf } = stubApi({ [SEND_RESET_CODE_PATH]: jsonResponse({ success: true, message: '验证码已发送' }) });
    const { user, fill } = renderReset();
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(toastTexts()).toEqual(['请输入手机号']);
    await fill({ 手机号: '13800138000' });
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('验证码已发送')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '60秒后重发' })).toBeDisabled();
    expect(bodiesOf(SEND_RESET_CODE_PATH)).toEqual([{ phone: '13800138000' }]);
  });

  it('says 验证码发送失败 when the send fails without a reason', async () => {
    stubApi({ [SEND_RESET_CODE_PATH]: () => new Response('', { status: 500 }) });
    const { user, fill } = renderReset();
    await fill({ 手机号: '13800138000' });
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('验证码发送失败')).toBeInTheDocument();
  });

  it('resets in two steps and leads back to /login', async () => {
    const { bodiesOf } = stubApi({ [RESET_PASSWORD_PATH]: jsonResponse({ success: true, message: '密码重置成功，请重新登录' }) });
    const { user, fill } = renderReset();
    await fill(FILLED);
    await user.click(screen.getByRole('button', { name: '重置密码' }));
    expect(await screen.findByText('密码重置成功！请返回登录页面重新登录。')).toBeInTheDocument();
    expect(toastTexts()).toEqual(['密码重置成功，请重新登录']);
    expect(screen.queryByLabelText('手机号')).not.toBeInTheDocument();
    expect(bodiesOf(RESET_PASSWORD_PATH)).toEqual([{ phone: '13800138000', code: '123456', newPassword: 'Newpass#1' }]);
    await user.click(screen.getByRole('button', { name: '返回登录' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
  });

  it('shows the strength of a weak password as advice and lets the reset go through', async () => {
    const { bodiesOf } = stubApi({ [RESET_PASSWORD_PATH]: jsonResponse({ success: true, message: '密码重置成功，请重新登录' }) });
    const { user, fill } = renderReset();
    await fill({ ...FILLED, 新密码: '12345678', 确认新密码: '12345678' });
    const meter = screen.getByRole('meter', { name: '密码强度' });
    expect(meter).toHaveAttribute('value', '2');
    expect(meter).toHaveAttribute('aria-valuetext', '弱');
    expect(screen.getByText('密码强度：弱')).toBeInTheDocument();
    const rules = screen.getByRole('list', { name: '密码要求' });
    expect([...rules.querySelectorAll('li')].map((item) => item.textContent)).toEqual(['需包含字母', '需包含特殊字符']);
    expect(screen.getByRole('button', { name: '重置密码' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: '重置密码' }));
    expect(await screen.findByText('密码重置成功！请返回登录页面重新登录。')).toBeInTheDocument();
    expect(bodiesOf(RESET_PASSWORD_PATH)).toEqual([{ phone: '13800138000', code: '123456', newPassword: '12345678' }]);
  });

  it.each([
    ['the server message', () => jsonResponse({ success: false, message: '验证码错误' }, { status: 400 }), '验证码错误'],
    ['密码重置失败，请检查验证码 otherwise', () => new TypeError('Failed to fetch'), '密码重置失败，请检查验证码'],
  ])('stays on step 1 and shows %s when the reset fails', async (_, answer, message) => {
    stubApi({ [RESET_PASSWORD_PATH]: answer });
    const { user, fill } = renderReset();
    await fill(FILLED);
    await user.click(screen.getByRole('button', { name: '重置密码' }));
    await waitFor(() => expect(toastTexts()).toEqual([message]));
    expect(screen.getByRole('button', { name: '重置密码' })).toBeEnabled();
  });

  it('goes back one page, or to /login when opened directly', async () => {
    const direct = renderReset();
    await direct.user.click(screen.getByRole('button', { name: '返回' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
    direct.unmount();

    const { user, router } = renderReset();
    await act(() => router.navigate('/pricing'));
    await act(() => router.navigate('/reset-password'));
    await user.click(screen.getByRole('button', { name: '返回' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/pricing$/);
  });
});
