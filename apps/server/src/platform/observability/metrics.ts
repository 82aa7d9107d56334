import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { type Db, queryRows } from '../db/index.js';
import type { QueueProbe } from './queue-probe.js';

/**
 * Prometheus metrics. Each app has its own Registry (tests build several apps in one process).
 * What happens deep inside a use case — a model call, a payment, a failed task — is counted by
 * the record* functions below into process-wide metrics that every app's registry shares, so no
 * use case needs a metrics object handed down; what belongs to one app (its HTTP server, its
 * database, its queue) is registered per app. Label values are bounded sets, never ids.
 */
const PREFIX = 'tianma_';
const TASK_STATES = ['queued', 'running', 'completed', 'error', 'cancelled'] as const;
/** The metrics record* fills, one set per process. */
const shared = new Registry();

const llmDuration = new Histogram({
  name: `${PREFIX}llm_request_duration_seconds`,
  help: 'Model calls (retries and continuations included), by purpose and outcome (ok or the error code)',
  labelNames: ['purpose', 'outcome'] as const,
  buckets: [0.5, 1, 2, 5, 10, 20, 40, 60, 120, 300],
  registers: [shared],
});
const llmTokens = new Counter({
  name: `${PREFIX}llm_tokens_total`,
  help: 'Tokens consumed by model calls, by purpose and kind (prompt, completion, or cached_prompt: the part of prompt served from the provider cache)',
  labelNames: ['purpose', 'kind'] as const,
  registers: [shared],
});
const payments = new Counter({
  name: `${PREFIX}payments_total`,
  help: 'Payment orders by outcome (created, paid, failed: the provider refused it, closed: expired unpaid) and provider',
  labelNames: ['outcome', 'provider'] as const,
  registers: [shared],
});
const paymentNotifications = new Counter({
  name: `${PREFIX}payment_notifications_total`,
  help: 'Payment notifications by result (accepted, duplicate, rejected: bad signature or mismatch, error: not processed)',
  labelNames: ['result'] as const,
  registers: [shared],
});
const generationFailures = new Counter({
  name: `${PREFIX}generation_failures_total`,
  help: 'Generation tasks that ended in error, by reason code',
  labelNames: ['reason'] as const,
  registers: [shared],
});

export type PaymentOutcome = 'created' | 'paid' | 'failed' | 'closed';
export type NotificationResult = 'accepted' | 'duplicate' | 'rejected' | 'error';

/** A model call's tokens, as the LLM port reports them (providers/llm/llm-port.ts). */
export interface CallTokens {
  promptTokens: number;
  completionTokens: number;
  /** The part of promptTokens the provider's prefix cache served, when it reported it. */
  cachedPromptTokens?: number;
}

/**
 * One model call as the adapter saw it: `outcome` is 'ok' or the LlmError code; `purpose` is
 * the LLM port's LlmPurpose (outline, writing, seo…).
 */
export function recordLlmCall(purpose: string, outcome: string, seconds: number, usage: CallTokens): void {
  llmDuration.observe({ purpose, outcome: outcome.toLowerCase() }, seconds);
  if (usage.promptTokens > 0) llmTokens.inc({ purpose, kind: 'prompt' }, usage.promptTokens);
  if (usage.completionTokens > 0) llmTokens.inc({ purpose, kind: 'completion' }, usage.completionTokens);
  // Part of the prompt tokens, not added to them: the share a provider's prefix cache served.
  if (usage.cachedPromptTokens) llmTokens.inc({ purpose, kind: 'cached_prompt' }, usage.cachedPromptTokens);
}

export function recordPayment(outcome: PaymentOutcome, provider: string): void {
  payments.inc({ outcome, provider });
}

export function recordPaymentNotification(result: NotificationResult): void {
  paymentNotifications.inc({ result });
}

/** `reason`: a short code from a bounded set (an LlmError code, `internal`, `timeout`, `abandoned`). */
export function recordGenerationFailure(reason: string): void {
  generationFailures.inc({ reason: reason.toLowerCase() });
}

/** Process metrics (CPU, memory, event loop, GC) are collected once per process, then shared. */
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: PREFIX });
  }
  return processRegistry;
}

export interface AppMetrics {
  registry: Registry;
  /** Records one answered HTTP request; `route` is the route pattern, never the raw URL. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
}

/** The app's registry: process and shared metrics, HTTP latency, and gauges read on scrape. */
export function createAppMetrics(deps: { db: Db; queue: QueueProbe; logger: Logger }): AppMetrics {
  const own = new Registry();

  const http = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'HTTP requests by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [own],
  });
  new Gauge({
    name: `${PREFIX}generation_tasks`,
    help: 'Generation tasks by state (one grouped query per scrape)',
    labelNames: ['state'] as const,
    registers: [own],
    async collect() {
      this.reset();
      try {
        const rows = await queryRows<{ status: string; n: number | string }>(
          deps.db,
          sql`SELECT status, count(*) AS n FROM generation_tasks GROUP BY status`,
        );
        const counts = new Map(rows.map((row) => [row.status, Number(row.n)]));
        for (const state of TASK_STATES) this.set({ state }, counts.get(state) ?? 0);
      } catch (error) {
        // A scrape during a database outage still answers; /readyz names the outage.
        deps.logger.warn({ err: error }, 'counting generation tasks for metrics failed');
      }
    },
  });
  new Gauge({
    name: `${PREFIX}queue_depth`,
    help: 'Generation tasks waiting for a worker (in-process: queued tasks; BullMQ: waiting and delayed jobs)',
    registers: [own],
    async collect() {
      this.reset();
      try {
        this.set(await deps.queue.depth());
      } catch (error) {
        deps.logger.warn({ err: error }, 'reading the queue depth for metrics failed');
      }
    },
  });

  return {
    registry: Registry.merge([processMetrics(), shared, own]),
    observeRequest: (method, route, status, seconds) => http.observe({ method, route, status: String(status) }, seconds),
  };
}
