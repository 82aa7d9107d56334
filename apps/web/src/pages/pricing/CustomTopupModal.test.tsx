import { TOPUP_MESSAGES } from '@tianma/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuth, sampleUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { CustomTopupModal } from './CustomTopupModal';

/** The form loads with the modal, so wait for its input. */
async function renderModal(auth = fakeAuth()) {
  const onClose = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(<CustomTopupModal onClose={onClose} />, { auth, path: '/pricing' });
  const input = await screen.findByLabelText('充值金币数量');
  return { user, input, onClose };
}

describe('CustomTopupModal', () => {
  it('is a dialog named 自定义充值 with a stepped number input', async () => {
    const { input } = await renderModal();
    expect(screen.getByRole('dialog', { name: '自定义充值' })).toBeInTheDocument();
    expect(input).toHaveAttribute('type', 'number');
    expect(input).toHaveAttribute('step', '100');
    expect(input).toHaveAttribute('min', '100');
    expect(input).toHaveFocus();
  });

  it('quotes 1000 coins live: ¥20.00, 100 bonus, 16 articles', async () => {
    const { user, input } = await renderModal();
    await user.type(input, '1000');
    expect(screen.getByText('¥20.00')).toBeInTheDocument();
    expect(screen.getByText('100 币')).toBeInTheDocument();
    expect(screen.getByText('16 篇')).toBeInTheDocument();
  });

  it.each([
    ['', TOPUP_MESSAGES.required, '请输入充值数量'],
    ['50', TOPUP_MESSAGES.tooSmall, '充值数量不能少于100币'],
    ['150', TOPUP_MESSAGES.notMultiple, '充值数量必须是100的整数倍'],
    ['500100', TOPUP_MESSAGES.tooLarge, '单次充值不能超过500000币'],
  ])('rejects "%s" with an inline alert', async (typed, message, wording) => {
    const { user, input } = await renderModal();
    if (typed) await user.type(input, typed);
    await user.click(screen.getByRole('button', { name: '确认充值' }));
    expect(message).toBe(wording);
    expect(screen.getByRole('alert')).toHaveTextContent(wording);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('clears the error once the amount changes', async () => {
    const { user, input } = await renderModal();
    await user.click(screen.getByRole('button', { name: '确认充值' }));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await user.type(input, '2');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends a visitor with a valid amount to /login', async () => {
    const { user, input } = await renderModal();
    await user.type(input, '1000');
    await user.click(screen.getByRole('button', { name: '确认充值' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/login$/);
  });

  it('sends a signed-in user to the payment page for the custom amount', async () => {
    const { user, input } = await renderModal(fakeAuth({ user: sampleUser() }));
    await user.type(input, '1500');
    await user.click(screen.getByRole('button', { name: '确认充值' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/pay?type=custom&amount=1500');
  });

  it('closes with Escape, the close button and the backdrop', async () => {
    const { user, onClose } = await renderModal();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: '关闭' }));
    await user.click(screen.getByTestId('modal-backdrop'));
    expect(onClose).toHaveBeenCalledTimes(3);
  });
});
