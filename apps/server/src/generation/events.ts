import { EventEmitter } from 'node:events';

/** What a progress stream sends (API.md): `data: {type, currentStep, details}` with an `id`. */
export interface ProgressEvent {
  seq: number;
  type: 'progress' | 'timeout' | 'service_unavailable' | 'global_timeout' | 'too_many_errors' | 'network_unstable';
  currentStep: string;
  details: Record<string, unknown>;
}

/**
 * Fan-out of progress events to the streams that watch a task. In-process by default; a Redis
 * implementation lets any API process stream a task that any worker runs.
 */
export interface EventBus {
  /**
   * True when every task's events are recorded in this process and published here, so a stream
   * that subscribed has all of them: it need not also poll the task's event log for ones it missed.
   */
  readonly seesEveryEvent: boolean;
  publish(taskId: string, event: ProgressEvent): Promise<void>;
  /** Answers an unsubscribe function. */
  subscribe(taskId: string, listener: (event: ProgressEvent) => void): Promise<() => void>;
  close(): Promise<void>;
}

export class InProcessEventBus implements EventBus {
  private readonly emitter = new EventEmitter();
  readonly seesEveryEvent: boolean;

  /**
   * `soleWriter`: no other process records events (the embedded PGlite database, which one process
   * alone can open). Without it, workers elsewhere may share a PostgreSQL database, and their
   * events reach this process's streams only through the event log.
   */
  constructor(options: { soleWriter?: boolean } = {}) {
    this.seesEveryEvent = options.soleWriter ?? false;
    // Many browser tabs may watch many tasks; the default warning at 10 listeners is noise here.
    this.emitter.setMaxListeners(0);
  }

  async publish(taskId: string, event: ProgressEvent): Promise<void> {
    this.emitter.emit(taskId, event);
  }

  async subscribe(taskId: string, listener: (event: ProgressEvent) => void): Promise<() => void> {
    this.emitter.on(taskId, listener);
    return () => this.emitter.off(taskId, listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
