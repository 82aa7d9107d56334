import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Auth, AuthContext } from '../accounts/auth.js';
import { assertNotLocked, clearLoginFailures, lockedMessage, recordLoginFailure } from '../accounts/login-throttle.js';
import { verifyPassword } from '../accounts/password-hashing.js';
import { sessions } from '../accounts/tables.js';
import type { Db } from '../platform/db/index.js';
import { AppError } from '../platform/errors.js';
import { OPERATOR_ROLE } from './operators.js';

/** A state-changing operator call needs the password typed again within this long (issue 21). */
export const CONFIRMATION_TTL_MS = 15 * 60 * 1000;

export const NOT_OPERATOR = '仅运营人员可以访问';
export const CONFIRM_REQUIRED = '请重新输入密码确认身份后再操作';
const WRONG_PASSWORD = '密码错误';

export interface OperatorGuard {
  /** The signed-in operator, or 401 (nobody signed in) / 403 (not an operator). */
  requireOperator(request: FastifyRequest, reply: FastifyReply): Promise<AuthContext>;
  /** As requireOperator, and the password confirmed within 15 minutes in this session (403 otherwise). */
  requireConfirmed(request: FastifyRequest, reply: FastifyReply): Promise<AuthContext>;
  /** Until when this session's confirmation holds, or null when it has none or it lapsed. */
  confirmedUntil(current: AuthContext): Promise<Date | null>;
  /** Checks the password and marks this session confirmed; answers until when. */
  confirm(current: AuthContext, password: string): Promise<Date>;
}

export function createOperatorGuard(db: Db, auth: Auth, now: () => number = Date.now): OperatorGuard {
  const requireOperator: OperatorGuard['requireOperator'] = async (request, reply) => {
    const current = await auth.requireUser(request, reply);
    if (current.user.role !== OPERATOR_ROLE) throw new AppError('FORBIDDEN', NOT_OPERATOR, { internal: `user ${current.user.id} is not an operator` });
    return current;
  };

  const confirmedUntil: OperatorGuard['confirmedUntil'] = async (current) => {
    const [row] = await db.select({ confirmedAt: sessions.confirmedAt }).from(sessions).where(eq(sessions.id, current.session.id)).limit(1);
    const until = row?.confirmedAt ? row.confirmedAt.getTime() + CONFIRMATION_TTL_MS : 0;
    return until > now() ? new Date(until) : null;
  };

  return {
    requireOperator,
    confirmedUntil,
    async requireConfirmed(request, reply) {
      const current = await requireOperator(request, reply);
      // The console knows from `confirmRequired` to ask for the password and repeat the call.
      if (!(await confirmedUntil(current))) throw new AppError('FORBIDDEN', CONFIRM_REQUIRED, { details: { confirmRequired: true } });
      return current;
    },
    async confirm(current, password) {
      // The same counter as sign-in: guessing here locks the account as guessing there would.
      const key = `user:${current.user.id}`;
      await assertNotLocked(db, key);
      if (!(await verifyPassword(current.user.passwordHash, password))) {
        const lockedUntil = await recordLoginFailure(db, key);
        if (lockedUntil) throw new AppError('RATE_LIMITED', lockedMessage(lockedUntil), { retryAfter: Math.ceil((lockedUntil.getTime() - now()) / 1000) });
        throw new AppError('BAD_REQUEST', WRONG_PASSWORD);
      }
      await clearLoginFailures(db, key);
      const at = new Date(now());
      await db.update(sessions).set({ confirmedAt: at }).where(eq(sessions.id, current.session.id));
      return new Date(at.getTime() + CONFIRMATION_TTL_MS);
    },
  };
}
