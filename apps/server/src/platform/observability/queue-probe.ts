/**
 * What the health and metrics endpoints need of a job queue: how many jobs wait. Rejects when
 * the queue is closed or unreachable (readiness). The generation queue is one; platform code
 * knows only this shape.
 */
export interface QueueProbe {
  depth(): Promise<number>;
}
