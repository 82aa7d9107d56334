import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import { renderWithProviders } from '../../../test/render';
import { RevisionPanel, type RevisionPanelProps } from './RevisionPanel';
import type { RevisionRun } from './use-revision-run';

const BASE = { action: 'polish', label: '润色', range: { from: 0, to: 9 }, original: '很多人都在说，结果很好。', serial: 1 } as const;

function renderPanel(run: RevisionRun) {
  const props: RevisionPanelProps = { run, onDismiss: vi.fn(), onRetry: vi.fn(), onApply: vi.fn(), onTitle: vi.fn(), onSummary: vi.fn() };
  renderWithProviders(<RevisionPanel {...props} />);
  return { user: userEvent.setup(), props };
}

describe('RevisionPanel', () => {
  it('streams with 停止, which discards', async () => {
    const { user, props } = renderPanel({ ...BASE, status: 'streaming', text: '不少人' });
    expect(screen.getByTestId('ai-result-new')).toHaveTextContent('不少人');
    expect(screen.getByTestId('ai-result-status')).toHaveTextContent('生成中...');
    await user.click(screen.getByRole('button', { name: '停止' }));
    expect(props.onDismiss).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: '全部接受' })).not.toBeInTheDocument();
  });

  it('applies all changes, or only the ones left accepted, and shows the cost', async () => {
    const { user, props } = renderPanel({ ...BASE, status: 'done', text: '不少人都在说，结果非常好。', revisionId: 'r1', cost: 1 });
    expect(screen.getByTestId('ai-result-status')).toHaveTextContent('本次消耗 1 币');
    const changes = screen.getAllByRole('button', { pressed: true });
    expect(changes.length).toBe(2);
    await user.click(screen.getByRole('button', { name: '全部接受' }));
    expect(props.onApply).toHaveBeenLastCalledWith('不少人都在说，结果非常好。', 'replace');

    await user.click(changes[1]!);
    expect(changes[1]).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByRole('button', { name: '接受所选的 1 处' }));
    expect(props.onApply).toHaveBeenLastCalledWith('不少人都在说，结果很好。', 'replace');
    await user.click(screen.getByRole('button', { name: '插入到下方' }));
    expect(props.onApply).toHaveBeenLastCalledWith('不少人都在说，结果非常好。', 'below');
    await user.click(screen.getByRole('button', { name: '全部拒绝' }));
    expect(props.onDismiss).toHaveBeenCalled();
  });

  it('shows a short balance with a link to the prices and no retry (402 by status, not by words)', () => {
    renderPanel({ ...BASE, status: 'failed', text: '', error: new ApiError(402, '余额不足，请充值', undefined, 1006) });
    expect(screen.getByRole('alert')).toHaveTextContent('余额不足，请充值');
    expect(screen.getByRole('link', { name: '去充值' })).toHaveAttribute('href', '/pricing');
    expect(screen.queryByRole('button', { name: '重试' })).not.toBeInTheDocument();
  });

  it('shows model_required without retry or a link', () => {
    renderPanel({ ...BASE, status: 'failed', text: '', error: new ApiError(409, '润色需要配置大模型', 'model_required') });
    expect(screen.getByRole('alert')).toHaveTextContent('润色需要配置大模型');
    expect(screen.queryByRole('button', { name: '重试' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '去充值' })).not.toBeInTheDocument();
  });

  it('offers retry after an error frame', async () => {
    const { user, props } = renderPanel({ ...BASE, status: 'failed', text: '不少', error: new ApiError(200, 'AI 处理失败，请稍后重试，本次未扣金币', 'TIMEOUT') });
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect(props.onRetry).toHaveBeenCalled();
  });

  it('lists the five titles and hands the chosen one over', async () => {
    const { user, props } = renderPanel({ ...BASE, action: 'titles', label: '标题候选', status: 'done', text: '甲\n乙\n丙\n丁\n戊', revisionId: 'r2', cost: 0 });
    expect(screen.getByTestId('ai-result-status')).toHaveTextContent('本次免费');
    await user.click(screen.getByRole('button', { name: '丙' }));
    expect(props.onTitle).toHaveBeenCalledWith('丙');
  });
});
