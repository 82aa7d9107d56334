import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { isProUser, type User } from '@tianma/shared';
import { type ReactNode, useCallback, useMemo } from 'react';
import { apiRequest } from '../lib/api';
import { queryKeys, userScopedKeys } from '../lib/query-keys';
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

/** Forgets everything read for the signed-in user, so that whoever signs in next never sees it. */
function dropUserData(queryClient: QueryClient) {
  for (const queryKey of userScopedKeys) queryClient.removeQueries({ queryKey });
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // NOTE: the check never fails (fetchCurrentUser reads any failure as signed out), so it is never
  // retried; the cache runs it once, also under StrictMode's double mount.
  const session = useQuery({ queryKey: queryKeys.session, queryFn: fetchCurrentUser });
  const user = session.data ?? null;
  const loading = session.isPending;

  const refresh = useCallback(async () => {
    const before = queryClient.getQueryData<User | null>(queryKeys.session);
    await queryClient.invalidateQueries({ queryKey: queryKeys.session });
    const after = queryClient.getQueryData<User | null>(queryKeys.session);
    // The session ended, or another account signed in meanwhile (another tab): the data read for the
    // previous one goes.
    if (before && before.deepspaceId !== after?.deepspaceId) dropUserData(queryClient);
  }, [queryClient]);

  const logout = useCallback(async () => {
    try {
      await apiRequest(LOGOUT_PATH, { method: 'POST' });
    } catch {
      // The local state is cleared anyway: the user asked to leave.
    }
    // A check still under way must not bring the user back.
    await queryClient.cancelQueries({ queryKey: queryKeys.session });
    queryClient.setQueryData<User | null>(queryKeys.session, null);
    dropUserData(queryClient);
  }, [queryClient]);

  const value = useMemo<AuthState>(
    () => ({ user, loading, isPro: isProUser(user?.userAuth), refresh, logout }),
    [user, loading, refresh, logout],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
