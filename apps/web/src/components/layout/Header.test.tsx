import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuth, proUser, sampleUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { Header } from './Header';

function mainNav() {
  return screen.getByRole('navigation', { name: '主导航' });
}

describe('Header', () => {
  it('offers 登录 and no creation centre to visitors', () => {
    renderWithProviders(<Header />);
    expect(screen.getByRole('link', { name: '登录' })).toHaveAttribute('href', '/login');
    const links = within(mainNav()).getAllByRole('link').map((link) => link.textContent);
    expect(links).toEqual(['首页', '产品介绍', '价格方案', '关于我们']);
    expect(screen.queryByRole('link', { name: '创作中心' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '退出登录' })).not.toBeInTheDocument();
  });

  it('shows a Pro user their initial, name, PRO badge, 创作中心 and logout', () => {
    renderWithProviders(<Header />, { auth: fakeAuth({ user: proUser(), isPro: true }) });
    expect(within(mainNav()).getByRole('link', { name: '创作中心' })).toHaveAttribute('href', '/create');
    const profileLink = screen.getByRole('link', { name: /alice/ });
    expect(profileLink).toHaveAttribute('href', '/profile');
    expect(within(profileLink).getByText('A')).toBeInTheDocument();
    expect(within(profileLink).getByText('PRO')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '退出登录' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '登录' })).not.toBeInTheDocument();
  });

  it('shows no PRO badge to a basic user, and the avatar picture when there is one', () => {
    const user = sampleUser({ avatar: '/uploads/a.png' });
    renderWithProviders(<Header />, { auth: fakeAuth({ user }) });
    const profileLink = screen.getByRole('link', { name: /alice/ });
    expect(within(profileLink).queryByText('PRO')).not.toBeInTheDocument();
    expect(profileLink.querySelector('img')).toHaveAttribute('src', '/uploads/a.png');
  });

  it('logs out from the logout button and confirms with a toast', async () => {
    const auth = fakeAuth({ user: sampleUser() });
    renderWithProviders(<Header />, { auth });
    await userEvent.click(screen.getByRole('button', { name: '退出登录' }));
    expect(auth.logout).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('status')).toHaveTextContent('已退出登录');
  });

  it('opens the mobile menu with the same links and the coin balance', async () => {
    renderWithProviders(<Header />, { auth: fakeAuth({ user: sampleUser() }) });
    const toggle = screen.getByRole('button', { name: '打开菜单' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = await screen.findByRole('navigation', { name: '移动端导航' });
    expect(within(menu).getAllByRole('link').map((link) => link.textContent)).toEqual([
      '首页',
      '产品介绍',
      '价格方案',
      '关于我们',
      '创作中心',
      'Aalice',
    ]);
    expect(within(menu).getByText('余额：300 币')).toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: '移动端导航' })).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('shows 登录 in the mobile menu for visitors', async () => {
    renderWithProviders(<Header />);
    await userEvent.click(screen.getByRole('button', { name: '打开菜单' }));
    const menu = await screen.findByRole('navigation', { name: '移动端导航' });
    expect(within(menu).getByRole('link', { name: '登录' })).toHaveAttribute('href', '/login');
    expect(within(menu).queryByText(/余额/)).not.toBeInTheDocument();
  });

  it('closes the mobile menu when the window widens to md', async () => {
    let onChange: ((event: { matches: boolean }) => void) | undefined;
    vi.stubGlobal('matchMedia', (media: string) => ({
      media,
      matches: false,
      addEventListener: (_: string, listener: typeof onChange) => {
        onChange = listener;
      },
      removeEventListener: () => {},
    }));
    try {
      renderWithProviders(<Header />);
      await userEvent.click(screen.getByRole('button', { name: '打开菜单' }));
      await screen.findByRole('navigation', { name: '移动端导航' });
      act(() => onChange?.({ matches: true }));
      expect(screen.queryByRole('navigation', { name: '移动端导航' })).not.toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
