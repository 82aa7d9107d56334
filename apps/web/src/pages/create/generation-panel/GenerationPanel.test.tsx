import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TrackerState } from '../../../features/generation/tracking-types';
import { fakeAuth, sampleUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { GenerationPanel } from './GenerationPanel';
import { trackerState } from './test-state';

function renderPanel(overrides: Partial<TrackerState>, advanced = false) {
  const handlers = { onRegenerate: vi.fn(), onRefetch: vi.fn(), onBack: vi.fn(), onShowMyArticles: vi.fn() };
  const view = renderWithProviders(<GenerationPanel state={trackerState(overrides)} advanced={advanced} {...handlers} />, {
    path: '/create',
    auth: fakeAuth({ user: sampleUser() }),
  });
  return { ...view, ...handlers };
}

describe('GenerationPanel', () => {
  it('idle: explains how it works in three points', () => {
    renderPanel({});
    const idle = screen.getByTestId('generation-idle');
    expect(idle.querySelectorAll('li')).toHaveLength(3);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('running: the progress panel with the flow of the mode', () => {
    renderPanel({ status: 'apply_seo_optimization', details: { message: '正在优化' } }, true);
    expect(screen.getByTestId('progress-step')).toHaveTextContent('SEO优化');
    expect(screen.getByTestId('progress-header')).toHaveTextContent('AI 系统工作中');
    // The advanced flow's 13 steps show as 12 lines: its two 智能章节生成 steps share one (cb96fcc).
    expect(screen.getByRole('list', { name: '生成步骤' }).querySelectorAll('li')).toHaveLength(12);
  });

  it('an unknown step name counts as running', () => {
    renderPanel({ status: 'brand_new_step' });
    expect(screen.getByTestId('progress-step')).toHaveTextContent('正在处理中...');
  });

  it('completed with an article: the preview', () => {
    renderPanel({ status: 'completed', article: '# 标题\n\n正文', articleId: 'a1', articleMeta: { offline: true, wordCount: 4 } });
    expect(screen.getByTestId('article-preview')).toHaveTextContent('正文');
    expect(screen.getByTestId('offline-label')).toBeInTheDocument();
  });

  it('completed without content: fetching while loading', () => {
    renderPanel({ status: 'completed', article: null, isLoading: true });
    expect(screen.getByText('正在获取文章内容...')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('completed without content: refetch, regenerate or back', () => {
    const { onRefetch, onRegenerate, onBack } = renderPanel({ status: 'completed', article: '  ', isLoading: false });
    expect(screen.getByText('无法获取文章内容')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '重新获取' }));
    fireEvent.click(screen.getByRole('button', { name: '重新生成' }));
    fireEvent.click(screen.getByRole('button', { name: '返回' }));
    expect(onRefetch).toHaveBeenCalledTimes(1);
    expect(onRegenerate).toHaveBeenCalledTimes(1);
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('business limit: the orange card goes to my articles', () => {
    const { router } = renderPanel({ status: 'error', error: '本月生成次数已用完', businessLimit: true });
    const card = screen.getByTestId('business-limit-card');
    expect(card).toHaveTextContent('业务限制提醒');
    expect(card).toHaveTextContent('本月生成次数已用完');
    fireEvent.click(screen.getByRole('button', { name: '查看我的文章' }));
    expect(router.state.location.pathname).toBe('/my-articles');
  });

  it('business limit: 返回首页 goes home', () => {
    const { router } = renderPanel({ status: 'error', error: '余额不足', businessLimit: true });
    fireEvent.click(screen.getByRole('button', { name: '返回首页' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('timeout: the blue card switches to my articles', () => {
    const { onShowMyArticles } = renderPanel({ status: 'error', error: '任务执行超时（18分钟），后台任务仍在执行中', timedOut: true });
    const card = screen.getByTestId('timeout-card');
    expect(card).toHaveTextContent('任务耗时较长');
    expect(card).toHaveTextContent('后台继续生成');
    expect(card).toHaveTextContent('我的文章');
    fireEvent.click(screen.getByRole('button', { name: '查看我的文章' }));
    expect(onShowMyArticles).toHaveBeenCalledTimes(1);
  });

  it('timeout is also recognised from the error text alone', () => {
    renderPanel({ status: 'error', error: '任务执行超时，请稍后查看' });
    expect(screen.getByTestId('timeout-card')).toBeInTheDocument();
  });

  it('other errors: 生成失败 with the message, regenerate and back', () => {
    const { onRegenerate, onBack } = renderPanel({ status: 'error', error: '连接已断开，无法重新连接。请刷新页面重试。' });
    const card = screen.getByTestId('failure-card');
    expect(card).toHaveTextContent('生成失败');
    expect(card).toHaveTextContent('连接已断开，无法重新连接。请刷新页面重试。');
    fireEvent.click(screen.getByRole('button', { name: '重新生成' }));
    fireEvent.click(screen.getByRole('button', { name: '返回' }));
    expect(onRegenerate).toHaveBeenCalledTimes(1);
    expect(onBack).toHaveBeenCalledTimes(1);
  });
});
