import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS, useToast } from './toast-context';
import { ToastProvider } from './ToastProvider';

function Trigger() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.success('保存成功')}>
        成功
      </button>
      <button type="button" onClick={() => toast.error('保存失败')}>
        失败
      </button>
      <button type="button" onClick={() => toast.info('提示一下')}>
        提示
      </button>
    </>
  );
}

describe('toast', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows a message for 3 seconds, then removes it', () => {
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: '成功' }));
    expect(screen.getByRole('status')).toHaveTextContent('保存成功');

    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.getByText('保存成功')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('保存成功')).not.toBeInTheDocument();
    expect(TOAST_DURATION_MS).toBe(3000);
  });

  it('closes at once with its close button', () => {
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: '失败' }));
    expect(screen.getByRole('status')).toHaveAttribute('data-kind', 'error');

    fireEvent.click(screen.getByRole('button', { name: '关闭通知' }));
    expect(screen.queryByText('保存失败')).not.toBeInTheDocument();
  });

  it('stacks several messages, each on its own timer', () => {
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: '成功' }));
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.click(screen.getByRole('button', { name: '提示' }));
    expect(screen.getAllByRole('status').map((toast) => toast.textContent)).toEqual(['保存成功', '提示一下']);

    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByText('保存成功')).not.toBeInTheDocument();
    expect(screen.getByText('提示一下')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryAllByRole('status')).toHaveLength(0);
  });

  it('refuses to work outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Trigger />)).toThrow('useToast 必须在 ToastProvider 内使用');
  });
});
