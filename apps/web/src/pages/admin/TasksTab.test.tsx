import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../components/account/test-fetch';
import { jsonResponse } from '../../test/fixtures';
import type { AdminTask } from './admin-api';
import { inAQuarterHour, renderConsole, session } from './admin-test-support';

const task = (overrides: Partial<AdminTask> = {}): AdminTask => ({
  taskId: 'task1',
  userId: 12,
  status: 'error',
  step: 'parallel_section_generation',
  error: '模型服务暂时不可用',
  topic: '春季露营',
  attempts: 3,
  stuck: false,
  modelCalls: [{ stage: 'outline', calls: 1, tokens: 1200 }],
  startedAt: '2026-01-05T06:00:00.000Z',
  updatedAt: '2026-01-05T06:03:00.000Z',
  ...overrides,
});
const BY_KIND = { articles: { queued: 1, running: 2 }, knowledgeBuilds: { building: 0 }, wechatPublications: { due: 0, scheduled: 3 } };
const page = (tasks: AdminTask[], depth: number | null = 2) => jsonResponse({ success: true, data: tasks, page: 1, totalPages: 1, queue: { depth, byKind: BY_KIND } });

describe('the console’s tasks', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists failed tasks with their step, error and model calls, and retries one with a reason', async () => {
    const api = stubApi({
      '/api/admin/session': () => session(inAQuarterHour()),
      '/api/admin/tasks?status=failed&page=1': () => page([task()]),
      '/api/admin/tasks?status=stuck&page=1': () => page([task({ taskId: 'task2', status: 'running', stuck: true, error: null, modelCalls: [] })], null),
      '/api/admin/tasks/task1/retry': () => jsonResponse({ success: true, data: { taskId: 'task3', articleId: 'a3' } }),
      '/api/admin/tasks/task2/cancel': () => jsonResponse({ success: true }),
    });
    const user = userEvent.setup();
    renderConsole('/admin?tab=tasks');

    const row = await screen.findByRole('row', { name: /春季露营/ });
    expect(row).toHaveTextContent('失败');
    expect(row).toHaveTextContent('智能章节生成');
    expect(row).toHaveTextContent('模型服务暂时不可用');
    expect(row).toHaveTextContent('大纲：1 次 / 1,200 tokens');
    expect(screen.getByText('队列积压：2 个')).toBeInTheDocument();
    expect(screen.getByTestId('work-by-kind')).toHaveTextContent('创作任务 排队 1 · 进行中 2；知识库构建中 0；公众号发布 待执行 0 · 已排期 3');

    await user.click(within(row).getByRole('button', { name: '重试' }));
    const dialog = screen.getByRole('dialog', { name: '重试任务' });
    await user.type(within(dialog).getByLabelText('操作原因（选填）'), '模型已恢复');
    await user.click(within(dialog).getByRole('button', { name: '确认重试' }));
    await screen.findByText('已重新提交任务');
    expect(api.bodiesOf('/api/admin/tasks/task1/retry')).toEqual([{ reason: '模型已恢复' }]);

    await user.click(screen.getByRole('button', { name: '卡住' }));
    const stuck = await screen.findByRole('row', { name: /（卡住）/ });
    expect(screen.getByText('队列积压：无法读取')).toBeInTheDocument();
    await user.click(within(stuck).getByRole('button', { name: '取消' }));
    const cancel = screen.getByRole('dialog', { name: '取消任务' });
    await user.click(within(cancel).getByRole('button', { name: '确认取消' }));
    await screen.findByText('任务已取消，预扣的金币已退回');
    expect(api.bodiesOf('/api/admin/tasks/task2/cancel')).toEqual([{}]);
  });
});
