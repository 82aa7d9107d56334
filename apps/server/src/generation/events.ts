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
  publish(taskId: string, event: ProgressEvent): Promise<void>;
  /** Answers an unsubscribe function. */
  subscribe(taskId: string, listener: (event: ProgressEvent) => void): Promise<() => void>;
  close(): Promise<void>;
}

export class InProcessEventBus implements EventBus {
  private readonly emitter = new EventEmitter();

  constructor() {
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
