import type { Logger } from 'pino';

/**
 * Runs `task` every `intervalMs` (never two runs at once), logging failures instead of dying.
 * Answers a stop function that waits for a run in progress.
 */
export function startPeriodic(name: string, task: () => Promise<unknown>, intervalMs: number, logger: Logger): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = task()
      .then((result) => {
        if (typeof result === 'number' && result > 0) logger.info({ task: name, count: result }, 'periodic task did work');
      })
      .catch((error: unknown) => logger.error({ err: error, task: name }, 'periodic task failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
