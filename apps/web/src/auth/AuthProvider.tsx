import { hashKey, type QueryClient, type QueryState, useQueryClient } from '@tanstack/react-query';
import { isProUser, type User } from '@tianma/shared';
import { type ReactNode, useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { apiRequest } from '../lib/api';
import { SESSION_KEY, USER_SCOPED_KEYS } from '../lib/session-keys';
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
  for (const queryKey of USER_SCOPED_KEYS) queryClient.removeQueries({ queryKey });
}

/**
 * The session as the cache holds it. It is read through the cache itself, not useQuery: the query
 * observer would add about 3 kB gzip to the home page's entry chunk, which every page loads. The
 * check never fails (fetchCurrentUser reads any failure as signed out), so it is never retried; it
 * is kept for the whole visit (nothing observes it, so it would otherwise be collected), and an
 * invalidation anywhere (a payment, a finished article) reads it again as an observer would.
 */
const SESSION_QUERY = { queryKey: SESSION_KEY, queryFn: fetchCurrentUser, gcTime: Number.POSITIVE_INFINITY, staleTime: Number.POSITIVE_INFINITY };
const SESSION_HASH = hashKey(SESSION_KEY);

function useSessionState(queryClient: QueryClient): QueryState<User | null> | undefined {
  const subscribe = useCallback(
    (onChange: () => void) =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.query.queryHash !== SESSION_HASH) return;
        if (event.type === 'updated' && event.action.type === 'invalidate') queueMicrotask(() => void queryClient.prefetchQuery(SESSION_QUERY));
        onChange();
      }),
    [queryClient],
  );
  // The cache runs the check once, also under StrictMode's double mount (a second call joins the first).
  useEffect(() => {
    void queryClient.prefetchQuery(SESSION_QUERY);
  }, [queryClient]);
  return useSyncExternalStore(subscribe, () => queryClient.getQueryState<User | null>(SESSION_KEY));
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useSessionState(queryClient);
  const user = session?.data ?? null;
  const loading = session === undefined || session.status === 'pending';

  const refresh = useCallback(async () => {
    const before = queryClient.getQueryData<User | null>(SESSION_KEY);
    await queryClient.fetchQuery({ ...SESSION_QUERY, staleTime: 0 });
    const after = queryClient.getQueryData<User | null>(SESSION_KEY);
    // The session ended, or another account signed in meanwhile (another tab): the data read for the
    // previous one goes.
    if (before && before.deepspaceId !== after?.deepspaceId) dropUserData(queryClient);
  }, [queryClient]);

  const logout = useCallback(async () => {
    // Reads still under way for this user (a page's quote, its article list) are stopped first: once
    // the session ends they could only come back as 401s.
    await Promise.all(USER_SCOPED_KEYS.map((queryKey) => queryClient.cancelQueries({ queryKey })));
    try {
      await apiRequest(LOGOUT_PATH, { method: 'POST' });
    } catch {
      // The local state is cleared anyway: the user asked to leave.
    }
    // A check still under way must not bring the user back.
    await queryClient.cancelQueries({ queryKey: SESSION_KEY });
    queryClient.setQueryData<User | null>(SESSION_KEY, null);
    dropUserData(queryClient);
  }, [queryClient]);

  const value = useMemo<AuthState>(
    () => ({ user, loading, isPro: isProUser(user?.userAuth), refresh, logout }),
    [user, loading, refresh, logout],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
