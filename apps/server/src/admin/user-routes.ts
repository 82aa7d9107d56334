import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Auth } from '../accounts/auth.js';
import type { Db } from '../platform/db/index.js';
import { createOperatorGuard } from './operator-guard.js';
import { changeUserPro, userDetail } from './user-detail.js';
import { parseBody, userIdOf } from './request-input.js';

export interface AdminUserDetailDeps {
  db: Db;
  auth: Auth;
}

export const PRO_DAYS_MAX = 366;
const DAYS_MESSAGE = `天数必须是1到${PRO_DAYS_MAX}之间的整数`;
const reason = z.string({ error: '请填写操作原因' }).trim().min(2, '请填写操作原因（至少2个字）').max(500, '操作原因不能超过500字');
const proSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('grant'), days: z.number({ error: DAYS_MESSAGE }).int(DAYS_MESSAGE).min(1, DAYS_MESSAGE).max(PRO_DAYS_MAX, DAYS_MESSAGE), reason }),
    z.object({ action: z.literal('end'), reason }),
  ],
  { error: 'action 只能是 grant（开通或延长）或 end（结束）' },
);

/**
 * A user's page in the operator console (issue 21, point 3; decision 082): everything about one
 * user, with full contacts (the look is audited), and granting or ending Pro (step-up, audited).
 * NOTE: the Pro change writes only the users table, whose row every request reads fresh (the read
 * cache drops it on the write), so no session invalidation is needed for it to show.
 */
export function registerAdminUserDetailRoutes(app: FastifyInstance, deps: AdminUserDetailDeps): void {
  const guard = createOperatorGuard(deps.db, deps.auth);
  const operatorOf = (current: { user: { id: number; username: string } }) => ({ id: current.user.id, name: current.user.username });

  app.get<{ Params: { userId: string } }>('/api/admin/users/:userId', async (request, reply) => {
    const current = await guard.requireOperator(request, reply);
    const data = await userDetail(deps.db, operatorOf(current), userIdOf(request.params.userId));
    // Full contacts: kept by no cache on the way.
    reply.header('Cache-Control', 'no-store');
    return { success: true, data };
  });

  app.post<{ Params: { userId: string } }>('/api/admin/users/:userId/pro', async (request, reply) => {
    const current = await guard.requireConfirmed(request, reply);
    const body = parseBody(proSchema, request.body);
    const data = await changeUserPro(deps.db, operatorOf(current), userIdOf(request.params.userId), body);
    return { success: true, data };
  });
}
