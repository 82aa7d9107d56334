import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { closeConnection, REDIS_WAIT_MS, within } from '../platform/redis.js';
import type { EventBus, ProgressEvent } from './events.js';

export interface RedisBusOptions {
  url: string;
  logger: Logger;
  /** Namespaces the channels (`{prefix}:task:{taskId}`), so tests and deployments can share a Redis. */
  prefix?: string;
}

type Listener = (event: ProgressEvent) => void;

/**
 * Progress fan-out over Redis pub/sub, so an API process streams what a worker elsewhere runs.
 * One publisher connection, and one subscriber connection shared by every subscription (a Redis
 * connection in subscribe mode can do nothing else). Redis trouble is logged and never thrown: the
 * event is already persisted, and the stream reads the task's event log every second anyway.
 */
export class RedisEventBus implements EventBus {
  /** Pub/sub drops what is published while a subscriber reconnects: streams keep reading the log. */
  readonly seesEveryEvent = false;
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly prefix: string;
  private readonly logger: Logger;

  constructor(options: RedisBusOptions) {
    this.prefix = options.prefix ?? 'tianma';
    this.logger = options.logger;
    // While Redis is away a publish fails at once instead of slowing the pipeline down.
    this.publisher = new Redis(options.url, { enableOfflineQueue: false, connectionName: 'tianma-events-pub' });
    this.subscriber = new Redis(options.url, { connectionName: 'tianma-events-sub' });
    for (const connection of [this.publisher, this.subscriber]) {
      connection.on('error', (error) => this.logger.warn({ err: error }, 'redis event bus connection error'));
    }
    this.subscriber.on('message', (channel: string, message: string) => this.dispatch(channel, message));
  }

  private channel(taskId: string): string {
    return `${this.prefix}:task:${taskId}`;
  }

  private dispatch(channel: string, message: string): void {
    const listeners = this.listeners.get(channel);
    if (!listeners) return;
    let event: ProgressEvent;
    try {
      event = JSON.parse(message) as ProgressEvent;
    } catch (error) {
      this.logger.warn({ err: error, channel }, 'unreadable progress event on redis');
      return;
    }
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch (error) {
        this.logger.error({ err: error, channel }, 'progress listener failed');
      }
    }
  }

  async publish(taskId: string, event: ProgressEvent): Promise<void> {
    try {
      await this.publisher.publish(this.channel(taskId), JSON.stringify(event));
    } catch (error) {
      this.logger.warn({ err: error, taskId }, 'publishing a progress event on redis failed');
    }
  }

  /** Answers once Redis confirmed the subscription, so nothing published afterwards is missed. */
  async subscribe(taskId: string, listener: Listener): Promise<() => void> {
    const channel = this.channel(taskId);
    let listeners = this.listeners.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.listeners.set(channel, listeners);
    }
    listeners.add(listener);
    try {
      // Redis answers commands of one connection in order, so repeating SUBSCRIBE for a channel
      // another stream already holds is harmless and keeps this await meaningful for every caller.
      await within(this.subscriber.subscribe(channel), REDIS_WAIT_MS, 'subscribing');
    } catch (error) {
      this.logger.warn({ err: error, taskId }, 'subscribing to progress events on redis failed');
    }
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      listeners.delete(listener);
      if (listeners.size > 0 || this.listeners.get(channel) !== listeners) return;
      this.listeners.delete(channel);
      this.subscriber.unsubscribe(channel).catch((error: unknown) => this.logger.warn({ err: error, taskId }, 'unsubscribing on redis failed'));
    };
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await Promise.all([closeConnection(this.publisher), closeConnection(this.subscriber)]);
  }
}
