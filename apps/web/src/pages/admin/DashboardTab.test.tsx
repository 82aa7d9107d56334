import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../components/account/test-fetch';
import { jsonResponse } from '../../test/fixtures';
import type { AdminStats, DayStats } from './admin-api';
import { inAQuarterHour, renderConsole, session } from './admin-test-support';
import { presetRange } from './date-range';

// The seam: no canvas in the test DOM, so the chart factory is a fake that records what it is given.
const charts = vi.hoisted(() => ({ created: [] as { element: HTMLElement; setOption: ReturnType<typeof vi.fn>; dispose: ReturnType<typeof vi.fn> }[] }));
vi.mock('./echarts-setup', () => ({
  createChart: (element: HTMLElement) => {
    const chart = { element, setOption: vi.fn(), resize: vi.fn(), dispose: vi.fn() };
    charts.created.push(chart);
    return chart;
  },
}));

const zeroDay = (date: string): DayStats => ({
  date,
  signups: 0,
  payingUsers: 0,
  tasksStarted: 0,
  tasksCompleted: 0,
  tasksFailed: 0,
  p50Ms: null,
  p95Ms: null,
  revenueFen: 0,
  coinsIssued: 0,
  coinsSpent: 0,
  llmTokens: 0,
  llmCostYuan: 0,
  likes: 0,
  dislikes: 0,
});

function stats(range: { from: string; to: string }, edit: Partial<AdminStats> = {}, busy: Partial<DayStats> = {}): AdminStats {
  return {
    from: range.from,
    to: range.to,
    days: [{ ...zeroDay(range.from), ...busy }, zeroDay(range.to)],
    usage: { byStage: [], byModel: [] },
    feedback: [],
    ...edit,
  };
}

const statsPath = ({ from, to }: { from: string; to: string }) => `/api/admin/stats?from=${from}&to=${to}`;
const month = () => presetRange(30);

describe('the console’s dashboard', () => {
  beforeEach(() => {
    charts.created = [];
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the last 30 days: totals, five charts, usage tables and the feedback like rate', async () => {
    const range = month();
    stubApi({
      '/api/admin/session': () => session(inAQuarterHour()),
      [statsPath(range)]: () =>
        jsonResponse({
          success: true,
          data: stats(
            range,
            {
              usage: { byStage: [{ stage: 'writing', calls: 4, tokens: 12000 }], byModel: [{ model: 'deepseek-chat', tasks: 2, tokens: 15000, costYuan: 0.031 }] },
              feedback: [{ platform: 'zhihu', articleType: 'practical_guide', likes: 3, dislikes: 1 }],
            },
            { signups: 5, payingUsers: 2, revenueFen: 5900, refundsFen: 900, tasksStarted: 3, tasksCompleted: 2, tasksFailed: 1, p50Ms: 42_000, p95Ms: 90_000, llmTokens: 15000, llmCostYuan: 0.031, likes: 3, dislikes: 1 },
          ),
        }),
    });
    renderConsole('/admin');
    expect(await screen.findByRole('heading', { name: '运营后台' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '概览' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: '近30天' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('开始日期')).toHaveValue(range.from);

    const totals = await screen.findByRole('list', { name: '区间合计' });
    expect(totals).toHaveTextContent('新注册5 人');
    expect(totals).toHaveTextContent('收入¥59.00');
    expect(totals).toHaveTextContent('退款 ¥9.00 · 净收入 ¥50.00');
    expect(totals).toHaveTextContent('失败率 33.3%');
    expect(totals).toHaveTextContent('好评率75.0%');
    expect(screen.getAllByTestId('admin-chart')).toHaveLength(5);
    expect(charts.created).toHaveLength(5);
    const tasks = charts.created.find((chart) => chart.element.getAttribute('aria-label')?.includes('P95'))!;
    const option = tasks.setOption.mock.calls.at(-1)![0] as { series: { name: string; data: unknown[] }[] };
    expect(option.series.map((series) => series.name)).toEqual(['开始', '完成', '失败', 'P50 耗时（秒）', 'P95 耗时（秒）']);
    expect(option.series[3]!.data).toEqual([42, null]);
    const revenue = charts.created.find((chart) => (chart.setOption.mock.calls.at(-1)![0] as { series: { name: string }[] }).series.some((series) => series.name === '退款'))!;
    const revenueSeries = (revenue.setOption.mock.calls.at(-1)![0] as { series: { name: string; data: unknown[] }[] }).series;
    expect(revenueSeries.map((series) => series.name)).toEqual(['收入', '退款']);
    expect(revenueSeries[1]!.data).toContain(9);

    expect(screen.getByRole('table', { name: '按环节的模型用量' })).toHaveTextContent('正文写作4');
    expect(screen.getByRole('table', { name: '按模型的用量' })).toHaveTextContent('deepseek-chat');
    const feedback = screen.getByRole('table', { name: '反馈' });
    expect(within(feedback).getByRole('row', { name: /知乎/ })).toHaveTextContent('实用攻略3175.0%');
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('says how to connect a model when only the offline writer wrote', async () => {
    const range = month();
    stubApi({
      '/api/admin/session': () => session(inAQuarterHour()),
      [statsPath(range)]: () => jsonResponse({ success: true, data: stats(range, { usage: { byStage: [], byModel: [{ model: 'offline', tasks: 1, tokens: 0, costYuan: 0 }] } }, { signups: 1, tasksStarted: 1, tasksCompleted: 1 }) }),
    });
    renderConsole('/admin');
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('离线写作器');
    expect(note).toHaveTextContent('LLM_BASE_URL');
    expect(note).toHaveTextContent('LLM_MODEL');
    expect(note).toHaveTextContent('LLM_API_KEY');
    expect(note).toHaveTextContent('重启服务');
    expect(screen.getByRole('table', { name: '按模型的用量' })).toHaveTextContent('离线写作');
  });

  it('says so when nothing happened in the range, and draws no chart', async () => {
    const range = month();
    stubApi({ '/api/admin/session': () => session(inAQuarterHour()), [statsPath(range)]: () => jsonResponse({ success: true, data: stats(range) }) });
    renderConsole('/admin');
    await screen.findByText(`${range.from} 至 ${range.to} 没有任何注册、订单、创作或反馈，图表暂无数据。`);
    expect(screen.queryAllByTestId('admin-chart')).toHaveLength(0);
  });

  it('shows loading, then an error with a retry', async () => {
    const range = month();
    let fail = true;
    stubApi({
      '/api/admin/session': () => session(inAQuarterHour()),
      [statsPath(range)]: () => (fail ? jsonResponse({ success: false, message: '服务器内部错误，请稍后重试' }, { status: 500 }) : jsonResponse({ success: true, data: stats(range, {}, { signups: 1 }) })),
    });
    const user = userEvent.setup();
    renderConsole('/admin');
    expect(await screen.findByText('数据加载中...')).toBeInTheDocument();
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('服务器内部错误，请稍后重试');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: '重试' }));
    await screen.findByRole('list', { name: '区间合计' });
  });

  it('switches to a preset and refuses a range that ends before it starts', async () => {
    const week = presetRange(7);
    const api = stubApi({
      '/api/admin/session': () => session(inAQuarterHour()),
      [statsPath(month())]: () => jsonResponse({ success: true, data: stats(month(), {}, { signups: 1 }) }),
      [statsPath(week)]: () => jsonResponse({ success: true, data: stats(week, {}, { signups: 2 }) }),
    });
    const user = userEvent.setup();
    renderConsole('/admin');
    await screen.findByRole('list', { name: '区间合计' });
    await user.click(screen.getByRole('button', { name: '近7天' }));
    expect(await screen.findByText('2 人')).toBeInTheDocument();
    expect(api.calls.some((call) => call.path === statsPath(week))).toBe(true);

    const from = screen.getByLabelText('开始日期');
    await user.clear(from);
    await user.type(from, '2099-01-01');
    expect(await screen.findByRole('alert')).toHaveTextContent('结束日期不能早于开始日期');
    expect(screen.getByRole('button', { name: '近7天' })).toHaveAttribute('aria-pressed', 'false');
  });
});
