import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../components/account/test-fetch';
import { fakeAuth, jsonResponse, sampleUser } from '../../test/fixtures';
import { renderConsole } from './admin-test-support';

vi.mock('./echarts-setup', () => ({ createChart: () => ({ setOption: vi.fn(), resize: vi.fn(), dispose: vi.fn() }) }));

describe('AdminPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('tells a signed-in user who is not an operator that the console is not theirs, without asking the server', () => {
    const api = stubApi({});
    renderConsole('/admin', fakeAuth({ user: sampleUser() }));
    expect(screen.getByRole('alert')).toHaveTextContent('仅运营人员可以访问');
    expect(api.calls).toEqual([]);
  });

  it('shows the same when the server no longer counts the user as an operator', async () => {
    stubApi({ '/api/admin/session': () => jsonResponse({ success: false, code: 'FORBIDDEN', message: '仅运营人员可以访问' }, { status: 403 }) });
    renderConsole('/admin?tab=users');
    expect(await screen.findByRole('heading', { name: '仅运营人员可以访问' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('has the seven sections as tabs', async () => {
    stubApi({
      '/api/admin/session': () => jsonResponse({ success: true, data: { username: 'ops', confirmedUntil: null } }),
      '/api/admin/tasks?status=failed&page=1': () => jsonResponse({ success: true, data: [], page: 1, totalPages: 1, queue: { depth: 0 } }),
    });
    renderConsole('/admin?tab=tasks');
    expect(await screen.findByRole('heading', { name: '运营后台' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['概览', '用户', '订单', '任务', '内容', '服务商', '审计日志']);
    expect(screen.getByRole('tab', { name: '任务' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('没有失败的任务')).toBeInTheDocument();
    expect(screen.getByText('队列积压：0 个')).toBeInTheDocument();
  });
});
