import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProgressDetails } from '../../../features/generation/tracking-types';
import { ProgressPanel } from './ProgressPanel';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function panel(status: string, options: { advanced?: boolean; details?: ProgressDetails | null; notice?: string | null } = {}) {
  return <ProgressPanel status={status} advanced={options.advanced ?? false} details={options.details ?? null} notice={options.notice ?? null} />;
}

const percent = () => Number(screen.getByTestId('progress-percent').textContent);
const rows = () =>
  within(screen.getByRole('list', { name: '生成步骤' }))
    .getAllByRole('listitem')
    .map((item) => [item.textContent?.replace(/（.*）/, ''), item.getAttribute('data-state')]);

describe('ProgressPanel', () => {
  it('reads the header label of every state', () => {
    const { rerender } = render(panel('idle'));
    expect(screen.getByTestId('progress-header')).toHaveTextContent('等待开始...');
    expect(screen.getByTestId('progress-step')).toHaveTextContent('准备开始...');
    rerender(panel('analyze_topic'));
    expect(screen.getByTestId('progress-header')).toHaveTextContent('AI 系统工作中');
    expect(screen.getByTestId('progress-step')).toHaveTextContent('主题分析');
    rerender(panel('error'));
    expect(screen.getByTestId('progress-header')).toHaveTextContent('出现错误，请重试');
    expect(screen.getByTestId('progress-step')).toHaveTextContent('生成过程出现错误');
    rerender(panel('completed'));
    expect(screen.getByTestId('progress-header')).toHaveTextContent('任务已完成');
  });

  it('lists the done steps with a check, the current one and one upcoming (standard flow)', () => {
    render(panel('parallel_section_research'));
    expect(rows()).toEqual([
      ['智能搜索', 'done'],
      ['主题分析', 'done'],
      ['生成大纲', 'done'],
      ['章节研究', 'current'],
      ['智能章节生成', 'upcoming'],
    ]);
    expect(screen.getAllByTestId('step-check')).toHaveLength(3);
  });

  it('uses the 13-step list in advanced mode', () => {
    render(panel('extract_reference_style', { advanced: true }));
    expect(rows()).toEqual([
      ['智能搜索', 'done'],
      ['主题分析', 'done'],
      ['提取参考风格', 'current'],
      ['生成大纲', 'upcoming'],
    ]);
  });

  it('lists 智能章节生成 once in advanced mode, through both 45 % steps and when completed', () => {
    const { rerender } = render(panel('parallel_section_generation', { advanced: true }));
    expect(rows().slice(-2)).toEqual([
      ['智能章节生成', 'current'],
      ['规划配图', 'upcoming'],
    ]);
    rerender(panel('parallel_section_generation_with_tools', { advanced: true }));
    expect(rows().slice(-2)).toEqual([
      ['智能章节生成', 'current'],
      ['规划配图', 'upcoming'],
    ]);
    rerender(panel('completed', { advanced: true }));
    expect(rows().filter(([label]) => label === '智能章节生成')).toHaveLength(1);
  });

  it('keeps the list at the last known step for an unknown step, which reads 正在处理中...', () => {
    const { rerender } = render(panel('analyze_topic'));
    rerender(panel('some_new_stage'));
    expect(screen.getByTestId('progress-step')).toHaveTextContent('正在处理中...');
    expect(rows()).toEqual([
      ['智能搜索', 'done'],
      ['主题分析', 'current'],
      ['生成大纲', 'upcoming'],
    ]);
  });

  it('shows the progress text, the current query and the connection notice', () => {
    render(
      panel('search_and_extract', {
        details: { message: '正在搜索相关资料', current_query: '时间管理方法' },
        notice: '服务暂时不可用（503错误），正在重试... (1/3)',
      }),
    );
    expect(screen.getByTestId('progress-message')).toHaveTextContent('正在搜索相关资料');
    expect(screen.getByTestId('progress-query')).toHaveTextContent('时间管理方法');
    expect(screen.getByRole('status')).toHaveTextContent('服务暂时不可用（503错误），正在重试... (1/3)');
  });

  it('creeps towards the stage target, drifts, and never passes one below the next stage', async () => {
    const { rerender, unmount } = render(panel('search_and_extract'));
    expect(percent()).toBe(0);
    await act(async () => vi.advanceTimersByTimeAsync(50));
    // 5 % of the 5-point gap is 0.25: still 0 on the ring.
    expect(percent()).toBe(0);
    await act(async () => vi.advanceTimersByTimeAsync(3000));
    expect(percent()).toBeGreaterThanOrEqual(5);
    expect(percent()).toBeLessThan(14);
    // Drift 0.1 per 500 ms up to 14, one below analyze_topic's 15.
    await act(async () => vi.advanceTimersByTimeAsync(60_000));
    expect(percent()).toBe(14);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '14');

    rerender(panel('analyze_topic'));
    await act(async () => vi.advanceTimersByTimeAsync(60_000));
    expect(percent()).toBe(24);

    rerender(panel('completed'));
    await act(async () => vi.advanceTimersByTimeAsync(5000));
    expect(percent()).toBe(100);

    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('cycles the loading dots every 500 ms while running', async () => {
    const { rerender } = render(panel('analyze_topic'));
    const dots = () => screen.getByTestId('loading-dots').textContent;
    expect(dots()).toBe('.');
    await act(async () => vi.advanceTimersByTimeAsync(500));
    expect(dots()).toBe('..');
    await act(async () => vi.advanceTimersByTimeAsync(500));
    expect(dots()).toBe('...');
    await act(async () => vi.advanceTimersByTimeAsync(500));
    expect(dots()).toBe('.');
    rerender(panel('completed'));
    expect(dots()).toBe('');
  });
});
