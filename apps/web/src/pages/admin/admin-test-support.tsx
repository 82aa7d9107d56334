import { vi } from 'vitest';
import type { AdminUser } from './admin-api';
import { fakeAuth, jsonResponse, sampleUser } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { AdminPage } from './AdminPage';

/** Test helpers for the console's component tests. */

export const operatorAuth = () => fakeAuth({ user: sampleUser({ username: 'ops', role: 'operator' }) });

export const inAQuarterHour = () => new Date(Date.now() + 15 * 60_000).toISOString();

export const session = (confirmedUntil: string | null) => jsonResponse({ success: true, data: { username: 'ops', confirmedUntil } });

export const confirmRequired = () =>
  jsonResponse({ success: false, code: 'FORBIDDEN', message: '请重新输入密码确认身份后再操作', confirmRequired: true }, { status: 403 });

export function adminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    userId: 12,
    username: 'bob',
    phoneMasked: '139****5678',
    emailMasked: 'b***@example.com',
    userType: 'basic',
    coinBalance: 300,
    locked: false,
    createdAt: '2026-01-05T06:03:00.000Z',
    ...overrides,
  };
}

export const usersPage = (...users: AdminUser[]) => jsonResponse({ success: true, data: users, page: 1, totalPages: 1 });

/** The console at /admin (?tab=… picks the tab), signed in as an operator unless told otherwise. */
export function renderConsole(path = '/admin', auth = operatorAuth()) {
  return renderRoutes([{ path: '/admin', element: <AdminPage /> }], { auth, path });
}

/** Answers in turn: the last one repeats. */
export function inTurn(...answers: (() => Response)[]) {
  let call = 0;
  return vi.fn(() => answers[Math.min(call++, answers.length - 1)]!());
}
