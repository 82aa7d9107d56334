import type { Redis } from 'ioredis';

/** How long a subscriber or a QUIT waits for Redis before going on without it. */
export const REDIS_WAIT_MS = 2000;

/** Rejects if the promise has not settled within `ms`: Redis being away must not hold up a caller. */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** QUIT when connected; otherwise (Redis away) a QUIT would wait for a reconnection that may never come. */
export async function closeConnection(connection: Redis): Promise<void> {
  if (connection.status === 'ready') {
    const quit = await within(connection.quit(), REDIS_WAIT_MS, 'quit').catch(() => null);
    if (quit) return;
  }
  connection.disconnect();
}
