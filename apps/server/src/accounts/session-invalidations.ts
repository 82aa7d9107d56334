import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { closeConnection } from '../platform/redis.js';
import type { SessionCache, SessionInvalidation } from './session-cache.js';

/**
 * Carries session invalidations to every process's SessionCache. Without Redis (the embedded
 * database: one process) the local cache is all there is. With REDIS_URL, each invalidation is also
 * published on `{prefix}:sessions:invalidate`, to which every process subscribes, so an api process
 * behind a load balancer refuses a signed-out cookie at once.
 *
 * What a subscriber misses cannot be known, so a process caches sessions only while its subscription
 * is up, and forgets its cache whenever the subscription is lost or comes back.
 */
export interface SessionInvalidations {
  /** Applies the invalidation here and publishes it to the other processes (never throws). */
  publish(event: SessionInvalidation): Promise<void>;
  /** Whether sessions may be cached now (always, without Redis). */
  cacheable(): boolean;
  /** Resolves once sessions may be cached, or after the timeout (tests; startup needs no wait). */
  ready(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * One process alone (the embedded database) caches and invalidates here. Where other processes may
 * share the database without Redis to tell them (PostgreSQL, no REDIS_URL), nothing is cached: a
 * cookie signed out in one process must not stay valid in another for the cache's lifetime.
 */
export function localSessionInvalidations(cache: SessionCache, options: { soleProcess: boolean } = { soleProcess: true }): SessionInvalidations {
  return {
    publish: async (event) => cache.invalidate(event),
    cacheable: () => options.soleProcess,
    ready: async () => {},
    close: async () => {},
  };
}

export interface RedisSessionInvalidationOptions {
  url: string;
  /** Namespaces the channel, so tests and deployments can share a Redis. */
  prefix?: string;
  logger: Logger;
}

export function redisSessionInvalidations(cache: SessionCache, options: RedisSessionInvalidationOptions): SessionInvalidations {
  const channel = `${options.prefix ?? 'tianma'}:sessions:invalidate`;
  const { logger } = options;
  // While Redis is away a publish fails at once; the other processes cache nothing meanwhile.
  const publisher = new Redis(options.url, { enableOfflineQueue: false, connectionName: 'tianma-sessions-pub' });
  const subscriber = new Redis(options.url, { connectionName: 'tianma-sessions-sub' });
  let subscribed = false;
  for (const connection of [publisher, subscriber]) {
    connection.on('error', (error) => logger.warn({ err: error }, 'redis session invalidation connection error'));
  }
  const lost = () => {
    if (subscribed) logger.warn('session invalidations: subscription lost; sessions are read from the database until it is back');
    subscribed = false;
    cache.clear();
  };
  subscriber.on('close', lost);
  subscriber.on('end', lost);
  // 'ready' comes before ioredis resubscribes after a reconnection: caching starts again only once
  // the subscription is confirmed (commands run in order, so also after the automatic one).
  subscriber.on('ready', () => {
    cache.clear();
    subscriber.subscribe(channel).then(
      () => {
        if (subscriber.status !== 'ready') return;
        cache.clear();
        subscribed = true;
      },
      (error) => logger.warn({ err: error }, 'subscribing to session invalidations failed'),
    );
  });
  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    try {
      cache.invalidate(JSON.parse(message) as SessionInvalidation);
    } catch (error) {
      logger.warn({ err: error }, 'unreadable session invalidation on redis');
      cache.clear();
    }
  });

  return {
    async publish(event) {
      cache.invalidate(event);
      try {
        await publisher.publish(channel, JSON.stringify(event));
      } catch (error) {
        // The row is already gone: the other processes drop it at their TTL at the latest.
        logger.error({ err: error }, 'publishing a session invalidation on redis failed');
      }
    },
    cacheable: () => subscribed && subscriber.status === 'ready',
    async ready(timeoutMs = 2000) {
      const deadline = Date.now() + timeoutMs;
      while (!(subscribed && subscriber.status === 'ready') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    },
    async close() {
      subscribed = false;
      subscriber.removeAllListeners('close');
      subscriber.removeAllListeners('end');
      await Promise.all([closeConnection(publisher), closeConnection(subscriber)]);
    },
  };
}
