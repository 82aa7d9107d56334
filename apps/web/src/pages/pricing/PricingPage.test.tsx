import { REVISION_CHARS_PER_COIN, revisionCost, SITE } from '@tianma/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeAuth, sampleUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { PricingPage } from './PricingPage';

describe('PricingPage', () => {
  it('sends visitors to /login from every plan and pack', () => {
    renderWithProviders(<PricingPage />, { path: '/pricing' });
    for (const name of ['免费开始', '开始试用']) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', '/login');
    }
    for (const link of screen.getAllByRole('link', { name: '立即充值' })) {
      expect(link).toHaveAttribute('href', '/login');
    }
  });

  it('sends signed-in users to creation and to the payment page', () => {
    renderWithProviders(<PricingPage />, { path: '/pricing', auth: fakeAuth({ user: sampleUser() }) });
    expect(screen.getByRole('link', { name: '免费开始' })).toHaveAttribute('href', '/create');
    expect(screen.getByRole('link', { name: '开始试用' })).toHaveAttribute('href', '/pay?type=premium');
    expect(screen.getAllByRole('link', { name: '立即充值' }).map((link) => link.getAttribute('href'))).toEqual([
      '/pay?type=100',
      '/pay?type=1100',
      '/pay?type=1800',
    ]);
  });

  it('shows the premium discount and the packs with their bonuses', () => {
    renderWithProviders(<PricingPage />, { path: '/pricing' });
    expect(screen.getByText('8折')).toBeInTheDocument();
    expect(screen.getByText('立省12元')).toBeInTheDocument();
    expect(screen.getByText('1100 币')).toBeInTheDocument();
    expect(screen.getByText('（1500+300 赠送）')).toBeInTheDocument();
    expect(screen.getByText('约 27 篇')).toBeInTheDocument();
  });

  it('compares the plans with readable ✓/✗ cells', () => {
    renderWithProviders(<PricingPage />, { path: '/pricing' });
    const table = screen.getByRole('table', { name: '方案对比' });
    const seoRow = within(table).getByRole('row', { name: /SEO 优化/ });
    expect(within(seoRow).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['不支持', '支持', '支持']);
    expect(within(table).getByText('300 币（约 2 篇）')).toBeInTheDocument();
  });

  it('shows the AI editing rate of the shared constants in the comparison, the same on every plan', () => {
    renderWithProviders(<PricingPage />, { path: '/pricing' });
    const table = screen.getByRole('table', { name: '方案对比' });
    const row = within(table).getByRole('row', { name: /在线 AI 编辑/ });
    const rate = `每 ${REVISION_CHARS_PER_COIN} 字 ${revisionCost(REVISION_CHARS_PER_COIN)} 币`;
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([rate, rate, rate]);
  });

  it('opens 联系销售 with the sales address', async () => {
    renderWithProviders(<PricingPage />, { path: '/pricing' });
    await userEvent.click(screen.getByRole('button', { name: '联系销售' }));
    const dialog = screen.getByRole('dialog', { name: '联系销售' });
    expect(within(dialog).getByText(SITE.salesEmail)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the custom top-up dialog', async () => {
    renderWithProviders(<PricingPage />, { path: '/pricing' });
    await userEvent.click(screen.getByRole('button', { name: '自定义充值' }));
    expect(screen.getByRole('dialog', { name: '自定义充值' })).toBeInTheDocument();
  });
});
