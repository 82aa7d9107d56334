import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../platform/db/index.js';
import { AppError } from '../platform/errors.js';
import { resolveSession, type SessionCaching, type SessionInfo } from './sessions.js';
import { SESSION_COOKIE, sessionTtl } from './session-token.js';
import type { UserRow } from './tables.js';

export interface AuthContext {
  user: UserRow;
  session: SessionInfo;
  token: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    authContext?: Promise<AuthContext | null>;
  }
}

export interface Auth {
  /** The signed-in user of this request, or null; looked up once per request. */
  currentUser(request: FastifyRequest, reply: FastifyReply): Promise<AuthContext | null>;
  /** As currentUser, but answers 401 请先登录 when nobody is signed in. */
  requireUser(request: FastifyRequest, reply: FastifyReply): Promise<AuthContext>;
  setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, remember: boolean): void;
  clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void;
  /** The session cache and its invalidations; whoever ends sessions tells them (decision 067). */
  caching?: SessionCaching;
}

/**
 * `deepspaceId` in a payload, query or path is accepted for compatibility and must name the
 * signed-in user (API.md); identity always comes from the session.
 */
export function assertSameUser(auth: AuthContext, deepspaceId: number | string | undefined | null): void {
  if (deepspaceId === undefined || deepspaceId === null || deepspaceId === '') return;
  if (Number(deepspaceId) !== auth.user.deepspaceId) {
    throw new AppError('FORBIDDEN', '无权访问其他用户的数据', { internal: `deepspaceId ${deepspaceId} is not the session user` });
  }
}

export function createAuth(db: Db, options: { publicUrl: string; caching?: SessionCaching }): Auth {
  const alwaysSecure = options.publicUrl.startsWith('https:');
  const cookieOptions = (request: FastifyRequest) => ({
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: alwaysSecure || request.protocol === 'https',
  });

  const setSessionCookie: Auth['setSessionCookie'] = (request, reply, token, remember) => {
    reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request), maxAge: Math.floor(sessionTtl(remember) / 1000) });
  };

  const clearSessionCookie: Auth['clearSessionCookie'] = (request, reply) => {
    reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
  };

  const currentUser: Auth['currentUser'] = (request, reply) => {
    request.authContext ??= (async () => {
      const token = request.cookies[SESSION_COOKIE];
      if (!token || token.length > 128) return null;
      const resolved = await resolveSession(db, token, options.caching);
      // A locked account's sessions were ended with the lock; one still cached elsewhere ends here.
      if (!resolved || resolved.user.lockedAt) return null;
      if (resolved.renewed) setSessionCookie(request, reply, token, resolved.session.remember);
      return { user: resolved.user, session: resolved.session, token };
    })();
    return request.authContext;
  };

  const requireUser: Auth['requireUser'] = async (request, reply) => {
    const auth = await currentUser(request, reply);
    if (!auth) throw new AppError('UNAUTHENTICATED', '请先登录');
    return auth;
  };

  return { currentUser, requireUser, setSessionCookie, clearSessionCookie, caching: options.caching };
}
