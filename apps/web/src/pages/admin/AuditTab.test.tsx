import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../components/account/test-fetch';
import { jsonResponse } from '../../test/fixtures';
import { inAQuarterHour, renderConsole, session } from './admin-test-support';
import { AUDIT_ACTION_LABELS, auditActionLabel, auditTargetLabel, auditValue } from './audit-labels';

const entry = (action: string, target: string, before: unknown, after: unknown, reason: string) => ({ at: '2026-01-05T06:03:00.000Z', operator: 'ops', action, target, before, after, reason });

describe('the audit log', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names every action the server writes in Chinese', () => {
    expect(AUDIT_ACTION_LABELS).toEqual({
      'user.coins': '调整金币',
      'user.lock': '锁定账号',
      'user.unlock': '解锁账号',
      'user.sessions.end': '强制下线',
      'user.pro.grant': '开通高级版',
      'user.pro.end': '结束高级版',
      'user.view': '查看用户详情',
      'operator.grant': '授予运营权限',
      'operator.revoke': '撤销运营权限',
      'task.retry': '重试任务',
      'task.cancel': '取消任务',
      'order.refund': '退款',
      'content.showcase': '更换首页案例',
      'content.hide': '隐藏文章',
      'content.unhide': '恢复文章',
      'provider.set': '切换服务商',
      'provider.reset': '服务商恢复默认',
    });
    expect(auditActionLabel('content.hide')).toBe('隐藏文章');
    expect(auditActionLabel('something.new')).toBe('something.new');
    expect(auditTargetLabel('article:a1b2')).toBe('文章 a1b2');
    expect(auditTargetLabel('provider:llm')).toBe('服务 大模型');
    expect(auditTargetLabel('showcase:3f9d2c8b7a6e4d5c9b1a0e2f3d4c5b6a')).toBe('首页案例 2（知乎）');
    expect(auditValue({ articleId: null })).toBe('文章: 无');
    expect(auditValue({ hidden: true })).toBe('隐藏: 是');
    expect(auditValue({ keySet: true, model: 'qwen-plus', provider: 'openai-compatible', baseUrl: 'https://llm.example.com/v1' })).toBe(
      '服务商: openai-compatible，地址: https://llm.example.com/v1，模型: qwen-plus，已设密钥: 是',
    );
    expect(auditTargetLabel('user:12')).toBe('用户 12');
    expect(auditValue({ subscriptionExpiry: '2026-02-04T06:03:00.000Z', days: 30, level: 1 })).toBe('等级: 1，高级版到期: 2026/02/04 14:03，天数: 30');
    expect(auditValue({ level: 0, subscriptionExpiry: null })).toBe('等级: 0，高级版到期: 无');
    expect(auditTargetLabel('order:TM1')).toBe('订单 TM1');
    expect(auditTargetLabel('something')).toBe('something');
    expect(auditValue({ coinBalance: 300 })).toBe('余额: 300');
    expect(auditValue({ delta: 500, coinBalance: 800 })).toBe('余额: 800，变动: 500');
    expect(auditValue({ note: 'x', locked: false })).toBe('锁定: 否，note: x');
    expect(auditValue({ role: null })).toBe('角色: 无');
    expect(auditValue({ role: 'operator' })).toBe('角色: 运营人员');
    expect(auditValue({ amountFen: 100, status: 'processing' })).toBe('状态: 处理中，金额(分): 100');
    expect(auditValue(null)).toBe('—');
  });

  it('lists entries with time, operator, action, target, change and reason', async () => {
    stubApi({
      '/api/admin/session': () => session(inAQuarterHour()),
      '/api/admin/audit?page=1': () =>
        jsonResponse({
          success: true,
          data: [
            entry('user.coins', 'user:12', { coinBalance: 300 }, { coinBalance: 800, delta: 500 }, '活动补偿'),
            { ...entry('operator.grant', 'user:3', null, null, '命令行授予运营权限'), operator: 'cli' },
          ],
          page: 1,
          totalPages: 1,
        }),
    });
    renderConsole('/admin?tab=audit');
    const coins = await screen.findByRole('row', { name: /调整金币/ });
    expect(coins).toHaveTextContent('2026/01/05 14:03');
    expect(coins).toHaveTextContent('ops');
    expect(coins).toHaveTextContent('用户 12');
    expect(coins).toHaveTextContent('余额: 300 → 余额: 800，变动: 500');
    expect(coins).toHaveTextContent('活动补偿');
    const grant = screen.getByRole('row', { name: /授予运营权限/ });
    expect(grant).toHaveTextContent('命令行');
    expect(grant).toHaveTextContent('用户 3');
  });

  it('says when the log is empty', async () => {
    stubApi({
      '/api/admin/session': () => session(inAQuarterHour()),
      '/api/admin/audit?page=1': () => jsonResponse({ success: true, data: [], page: 1, totalPages: 1 }),
    });
    renderConsole('/admin?tab=audit');
    await screen.findByText('还没有操作记录');
  });
});
