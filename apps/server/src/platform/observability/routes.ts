import { createHash, timingSafeEqual } from 'node:crypto';
import { isIPv4 } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Db } from '../db/index.js';
import { createAppMetrics } from './metrics.js';
import { createReadiness } from './readiness.js';
import type { QueueProbe } from './queue-probe.js';

export interface ObservabilityDeps {
  db: Db;
  queue: QueueProbe;
  logger: Logger;
  redisUrl?: string;
  /** Bearer token for /metrics; unset: loopback and private-network callers only. */
  metricsToken?: string;
  trustProxy: boolean;
}

/** `/readyz` (database, Redis, queue), `/metrics` (Prometheus text) and the HTTP latency hook. */
export function registerObservabilityRoutes(app: FastifyInstance, deps: ObservabilityDeps): void {
  const metrics = createAppMetrics(deps);
  const readiness = createReadiness(deps);
  app.addHook('onClose', () => readiness.close());

  app.addHook('onResponse', async (request, reply) => {
    // The route pattern (`/api/v1/articles/:taskId/status`), so no id ever becomes a label.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });

  app.get('/readyz', async (_request, reply) => {
    const result = await readiness.check();
    return reply.status(result.ok ? 200 : 503).header('Cache-Control', 'no-store').send(result);
  });

  app.get('/metrics', async (request, reply) => {
    // NOTE: a plain 404, the same as any unknown path, so the endpoint is not advertised.
    if (!mayReadMetrics(request, deps)) return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
    const text = await metrics.registry.metrics();
    return reply.header('Cache-Control', 'no-store').type(metrics.registry.contentType).send(text);
  });
}

const FORWARDING_HEADERS = ['x-forwarded-for', 'x-real-ip', 'forwarded'];

function mayReadMetrics(request: FastifyRequest, deps: Pick<ObservabilityDeps, 'metricsToken' | 'trustProxy'>): boolean {
  if (deps.metricsToken) return bearerMatches(request.headers.authorization, deps.metricsToken);
  // Without a token only the local network may read. A relayed request looks local (it comes from
  // the proxy), so unless TRUST_PROXY makes request.ip the real client, any forwarding header refuses it.
  if (!deps.trustProxy && FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  return isPrivateAddress(request.ip);
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  if (!match) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(match[1]!), digest(token));
}

/** Loopback, RFC 1918 and unique-local IPv6 addresses (IPv4-mapped IPv6 included). */
export function isPrivateAddress(address: string): boolean {
  const ip = address.toLowerCase().replace(/^::ffff:/, '');
  if (isIPv4(ip)) {
    const [a, b] = ip.split('.').map(Number) as [number, number];
    return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
  }
  return ip === '::1' || /^f[cd][0-9a-f]{2}:/.test(ip);
}

