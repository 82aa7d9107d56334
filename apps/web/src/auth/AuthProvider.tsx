import { isProUser, type User } from '@tianma/shared';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { apiRequest } from '../lib/api';
import { AuthContext, type AuthState } from './auth-context';

/** The session check: 200 whether or not anyone is signed in (no 401 in a signed-out page's console). */
export const SESSION_PATH = '/api/account/session';
export const LOGOUT_PATH = '/api/account/user/logout';

// The schema (and zod) load with the first check, not with the entry chunk: every page checks the session.
const loadSessionSchema = () => import('./session-schema').then((module) => module.sessionResponseSchema);

/** The session lives in an httpOnly cookie; the browser keeps no copy of the user or a token. */
async function fetchCurrentUser(): Promise<User | null> {
  try {
    const answer = await apiRequest(SESSION_PATH, { schema: loadSessionSchema });
    return answer.authenticated ? answer.user : null;
  } catch {
    // An error status, a network failure or an unexpected shape all read as signed out.
    return null;
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | null>(null);
  const [loading, setLoading] = useState(true);
  const started = useRef(false);

  useEffect(() => {
    // NOTE: a ref instead of an abort on cleanup, so that StrictMode's second effect run
    // does not check the session a second time.
    if (started.current) return;
    started.current = true;
    void fetchCurrentUser().then((current) => {
      setUser(current);
      setLoading(false);
    });
  }, []);

  const refresh = useCallback(async () => {
    setUser(await fetchCurrentUser());
  }, []);

  const logout = useCallback(async () => {
    try {
      await apiRequest(LOGOUT_PATH, { method: 'POST' });
    } catch {
      // The local state is cleared anyway: the user asked to leave.
    }
    setUser(null);
  }, []);

  const value = useMemo<AuthState>(
    () => ({ user, loading, isPro: isProUser(user?.userAuth), refresh, logout }),
    [user, loading, refresh, logout],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
