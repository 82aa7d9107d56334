import { SITE } from '@tianma/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { Footer } from './Footer';

describe('Footer', () => {
  it('links to creation and pricing and shows the company and ICP number', () => {
    renderWithProviders(<Footer />);
    expect(screen.getByRole('link', { name: '开始创作' })).toHaveAttribute('href', '/create');
    expect(screen.getByRole('link', { name: '价格方案' })).toHaveAttribute('href', '/pricing');
    expect(screen.getByText(new RegExp(SITE.company))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: SITE.icp })).toBeInTheDocument();
  });

  it('opens 联系我们 with the support address, and closes it with Escape, focus back on the button', async () => {
    renderWithProviders(<Footer />);
    await userEvent.click(screen.getByRole('button', { name: '联系我们' }));
    const dialog = await screen.findByRole('dialog', { name: '联系我们' });
    expect(within(dialog).getByRole('link', { name: SITE.supportEmail })).toHaveAttribute(
      'href',
      `mailto:${SITE.supportEmail}`,
    );
    expect(dialog).toHaveTextContent(/合作/);

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '联系我们' })).toHaveFocus();
  });

  it('opens 关注我们 with a generated QR code, and closes it from the backdrop', async () => {
    renderWithProviders(<Footer />);
    await userEvent.click(screen.getByRole('button', { name: /关注我们/ }));
    const dialog = await screen.findByRole('dialog', { name: '关注我们' });
    const qr = await within(dialog).findByRole('img', { name: '公众号二维码' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);

    await userEvent.click(screen.getByTestId('modal-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
