import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CodeButton } from './CodeButton';

async function clickAndSettle(button: HTMLElement) {
  await act(async () => {
    fireEvent.click(button);
  });
}

describe('CodeButton', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts down 60 s after a successful send, then offers 获取验证码 again', async () => {
    const onSend = vi.fn(async () => 60);
    render(<CodeButton onSend={onSend} />);
    const button = screen.getByRole('button', { name: '获取验证码' });

    await clickAndSettle(button);
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(button).toHaveTextContent('60秒后重试');
    expect(button).toBeDisabled();

    act(() => vi.advanceTimersByTime(1000));
    expect(button).toHaveTextContent('59秒后重试');

    act(() => vi.advanceTimersByTime(58_000));
    expect(button).toHaveTextContent('1秒后重试');
    expect(button).toBeDisabled();

    act(() => vi.advanceTimersByTime(1000));
    expect(button).toHaveTextContent('获取验证码');
    expect(button).toBeEnabled();
  });

  it('does not count down when the send failed', async () => {
    render(<CodeButton onSend={async () => false} />);
    const button = screen.getByRole('button', { name: '获取验证码' });
    await clickAndSettle(button);
    expect(button).toHaveTextContent('获取验证码');
    expect(button).toBeEnabled();
  });

  it('counts down the interval the server named', async () => {
    render(<CodeButton onSend={async () => 2} />);
    const button = screen.getByRole('button', { name: '获取验证码' });
    await clickAndSettle(button);
    expect(button).toHaveTextContent('2秒后重试');
    act(() => vi.advanceTimersByTime(2000));
    expect(button).toHaveTextContent('获取验证码');
    expect(button).toBeEnabled();
  });

  it('uses the page wording while waiting and honours disabled', async () => {
    const { rerender } = render(<CodeButton onSend={async () => 60} waitingLabel={(n) => `${n}秒后重发`} />);
    await clickAndSettle(screen.getByRole('button'));
    expect(screen.getByRole('button')).toHaveTextContent('60秒后重发');

    rerender(<CodeButton onSend={async () => 60} disabled />);
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeDisabled();
  });
});
