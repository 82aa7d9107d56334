import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkerMonitor } from '../../src/platform/observability/worker-monitor.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { freePort } from '../helpers/ports.js';

/** A worker process exposes /healthz, /readyz and /metrics on WORKER_METRICS_PORT. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('worker monitor', () => {
  it('is off without a port', async () => {
    expect(await startWorkerMonitor({ config: t.config, db: t.database.db, queue: t.app.generation.queue, logger: t.logger })).toBeNull();
  });

  it('serves health, readiness and metrics on its own port', async () => {
    const port = await freePort();
    const config = { ...t.config, host: '127.0.0.1', workerMetricsPort: port };
    const monitor = await startWorkerMonitor({ config, db: t.database.db, queue: t.app.generation.queue, logger: t.logger });
    try {
      const base = `http://127.0.0.1:${port}`;
      expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ ok: true });
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(200);
      const metrics = await (await fetch(`${base}/metrics`)).text();
      expect(metrics).toContain('tianma_generation_tasks');
      expect(metrics).toContain('tianma_llm_tokens_total');
      expect((await fetch(`${base}/api/account/user/me`)).status).toBe(404);
    } finally {
      await monitor?.close();
    }
  });
});
