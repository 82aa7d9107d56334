import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../components/account/test-fetch';
import { fakeAuth, jsonResponse, sampleUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { CHANGE_PASSWORD_PATH } from './ChangePasswordFields';
import { ProfilePage, RELOAD_AFTER_PASSWORD_MS } from './ProfilePage';
import { reloadPage } from './reload-page';

vi.mock('./reload-page', () => ({ reloadPage: vi.fn() }));
// The billing section has its own tests and would call the server here.
vi.mock('../../components/billing/BillingHistory', () => ({ BillingHistory: () => null }));
// So does the 公众号 section (features/wechat-accounts).
vi.mock('../../features/wechat-accounts/WechatAccountsSection', () => ({ default: () => null }));

function renderProfile(auth = fakeAuth({ user: sampleUser() })) {
  const user = userEvent.setup({ applyAccept: false });
  const rendered = renderWithProviders(<ProfilePage />, { path: '/profile', auth });
  return { user, auth, ...rendered };
}

/** Opens 修改密码 and waits for its form, which loads on demand. */
async function openPasswordForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: '修改密码' }));
  await screen.findByLabelText('当前密码');
}

const toastTexts = () => screen.queryAllByRole('status').map((toast) => toast.textContent);

function statValue(label: string) {
  return screen.getByText(label).nextElementSibling?.textContent;
}

describe('ProfilePage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    vi.mocked(reloadPage).mockClear();
  });

  it('shows the initial, name, balance and level of a basic user', () => {
    renderProfile();
    expect(screen.getByRole('button', { name: '更换头像' })).toHaveTextContent('A');
    expect(screen.getByText('alice')).toBeInTheDocument();
    expect(screen.queryByText('PRO')).not.toBeInTheDocument();
    expect(statValue('账户余额(币)')).toBe('300');
    expect(statValue('用户等级')).toBe('Lv.0');
    expect(screen.queryByText('会员到期')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '升级' })).toHaveAttribute('href', '/pricing');
  });

  it('shows the picture, PRO badge, e-mail and expiry of a Pro user', () => {
    const pro = sampleUser({
      userType: 'pro',
      avatar: '/media/avatars/7-abc.jpg',
      email: 'alice@example.com',
      userAuth: { level: 1, coinBalance: 3800, subscriptionExpiry: '2030-06-01T08:00:00.000Z' },
    });
    renderProfile(fakeAuth({ user: pro, isPro: true }));
    expect(screen.getByRole('img', { name: '头像' })).toHaveAttribute('src', '/media/avatars/7-abc.jpg');
    expect(screen.getByText('PRO')).toBeInTheDocument();
    expect(screen.getByText('alice@example.com')).toBeInTheDocument();
    expect(statValue('账户余额(币)')).toBe('3,800');
    expect(statValue('用户等级')).toBe('Lv.1');
    expect(statValue('会员到期')).toBe(new Date('2030-06-01T08:00:00.000Z').toLocaleDateString('zh-CN'));
  });

  it('opens the password form with 修改密码 and checks it before calling the server', async () => {
    const { calls } = stubApi({});
    const { user } = renderProfile();
    const toggle = screen.getByRole('button', { name: '修改密码' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await screen.findByLabelText('当前密码');

    await user.type(screen.getByLabelText('当前密码'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(toastTexts()).toEqual(['请填写完整信息']);

    await user.type(screen.getByLabelText('新密码'), 'Newpass#1');
    await user.type(screen.getByLabelText('确认新密码'), 'Newpass#2');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(toastTexts()).toContain('新密码和确认密码不匹配');
    expect(calls).toHaveLength(0);
  });

  it('changes the password, closes and clears the form, then reloads the page', async () => {
    const { bodiesOf } = stubApi({ [CHANGE_PASSWORD_PATH]: jsonResponse({ success: true, message: '密码修改成功' }) });
    const { user } = renderProfile();
    await openPasswordForm(user);
    await user.type(screen.getByLabelText('当前密码'), 'Secret#123');
    await user.type(screen.getByLabelText('新密码'), 'Newpass#1');
    await user.type(screen.getByLabelText('确认新密码'), 'Newpass#1');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    await act(async () => screen.getByRole('button', { name: '保存' }).click());

    expect(await screen.findByText('密码修改成功')).toBeInTheDocument();
    expect(bodiesOf(CHANGE_PASSWORD_PATH)).toEqual([
      { currentPassword: 'Secret#123', newPassword: 'Newpass#1', confirmPassword: 'Newpass#1', deepspaceId: 7 },
    ]);
    expect(screen.queryByLabelText('当前密码')).not.toBeInTheDocument();
    expect(reloadPage).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(RELOAD_AFTER_PASSWORD_MS));
    expect(reloadPage).toHaveBeenCalledTimes(1);

    vi.useRealTimers();
    await openPasswordForm(user);
    expect(screen.getByLabelText('当前密码')).toHaveValue('');
  });

  it('shows the strength of a weak new password as advice and lets it be saved', async () => {
    const { bodiesOf } = stubApi({ [CHANGE_PASSWORD_PATH]: jsonResponse({ success: true, message: '密码修改成功' }) });
    const { user } = renderProfile();
    await openPasswordForm(user);
    await user.type(screen.getByLabelText('当前密码'), 'Secret#123');
    await user.type(screen.getByLabelText('新密码'), 'weakpass');
    const meter = screen.getByRole('meter', { name: '密码强度' });
    expect(meter).toHaveAttribute('value', '2');
    expect(meter).toHaveAttribute('aria-valuetext', '弱');
    expect(screen.getByText('密码强度：弱')).toBeInTheDocument();
    expect(screen.getByText('仅为建议，不影响提交')).toBeInTheDocument();
    const rules = screen.getByRole('list', { name: '密码要求' });
    expect([...rules.querySelectorAll('li')].map((item) => item.textContent)).toEqual(['需包含数字', '需包含特殊字符']);
    await user.type(screen.getByLabelText('确认新密码'), 'weakpass');
    expect(screen.getByRole('button', { name: '保存' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('密码修改成功')).toBeInTheDocument();
    expect(bodiesOf(CHANGE_PASSWORD_PATH)).toEqual([{ currentPassword: 'Secret#123', newPassword: 'weakpass', confirmPassword: 'weakpass', deepspaceId: 7 }]);
  });

  it('rates a strong new password 强 and stops a too short one before the server', async () => {
    const { calls } = stubApi({});
    const { user } = renderProfile();
    await openPasswordForm(user);
    await user.type(screen.getByLabelText('当前密码'), 'Secret#123');
    await user.type(screen.getByLabelText('新密码'), 'Newpass#1');
    expect(screen.getByRole('meter', { name: '密码强度' })).toHaveAttribute('aria-valuetext', '强');
    expect(screen.queryByText('仅为建议，不影响提交')).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('新密码'));
    await user.type(screen.getByLabelText('新密码'), 'ab1!');
    await user.type(screen.getByLabelText('确认新密码'), 'ab1!');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(toastTexts()).toEqual(['密码长度至少8位']);
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['the server message', () => jsonResponse({ success: false, message: '当前密码错误' }, { status: 400 }), '当前密码错误'],
    ['密码修改失败 without a reason', () => jsonResponse({ success: false }), '密码修改失败'],
    ['密码修改失败，请稍后重试 on a network error', () => new TypeError('Failed to fetch'), '密码修改失败，请稍后重试'],
  ])('shows %s when the change fails and keeps the form', async (_, answer, message) => {
    stubApi({ [CHANGE_PASSWORD_PATH]: answer });
    const { user } = renderProfile();
    await openPasswordForm(user);
    await user.type(screen.getByLabelText('当前密码'), 'Secret#123');
    await user.type(screen.getByLabelText('新密码'), 'Newpass#1');
    await user.type(screen.getByLabelText('确认新密码'), 'Newpass#1');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(toastTexts()).toEqual([message]));
    expect(screen.getByLabelText('当前密码')).toHaveValue('Secret#123');
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('refuses a file that is not an image', async () => {
    const { user } = renderProfile();
    const input = screen.getByLabelText('选择头像图片');
    expect(input).toHaveAttribute('accept', 'image/*');
    await user.upload(input, new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect(toastTexts()).toEqual(['请上传图片文件']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('refuses an image over 2 MB', async () => {
    const { user } = renderProfile();
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('选择头像图片'), big);
    expect(toastTexts()).toEqual(['图片大小不能超过 2MB']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the square crop dialog with a 1-3 zoom for a valid image; 取消 closes it', async () => {
    const { user } = renderProfile();
    const file = new File([new Uint8Array(2 * 1024 * 1024)], 'me.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('选择头像图片'), file);
    const dialog = screen.getByRole('dialog', { name: '裁剪头像' });
    const zoom = within(dialog).getByLabelText('缩放');
    expect(zoom).toHaveAttribute('min', '1');
    expect(zoom).toHaveAttribute('max', '3');
    expect(zoom).toHaveAttribute('step', '0.1');
    expect(within(dialog).getByRole('button', { name: '确认' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toastTexts()).toEqual([]);
  });

  it('signs out with 退出登录 and goes home', async () => {
    const { user, auth } = renderProfile();
    await user.click(screen.getByRole('button', { name: '退出登录' }));
    expect(auth.logout).toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
