import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/** How many times a read is tried again after a failure the server may recover from. */
const READ_RETRIES = 2;

/**
 * A refusal (4xx) will be refused again, so only a network failure or a server error (5xx) is
 * retried; a mutation is never retried here (money and content calls decide that themselves).
 */
export function shouldRetryRead(failureCount: number, error: unknown): boolean {
  if (failureCount >= READ_RETRIES) return false;
  if (!(error instanceof ApiError)) return false;
  return error.status === 0 || error.status >= 500;
}

/** One client per app (and a fresh one per test): the cache of everything read from our server. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryRead,
        retryDelay: (attempt) => Math.min(500 * 2 ** attempt, 4000),
        // What a page read a moment ago is shown at once when the user comes back to it, and
        // read again in the background after this long.
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
