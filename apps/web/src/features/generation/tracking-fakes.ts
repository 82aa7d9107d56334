import { vi } from 'vitest';
import { createTracker } from './tracking-machine';
import type {
  ArticleResponse,
  GenerateResponse,
  GenerationRequest,
  StatusResponse,
  StreamConnection,
  StreamEvent,
  StreamPayload,
  TaskStorage,
  TrackerDeps,
} from './tracking-types';

/** Test doubles for the tracking machine: a scripted stream, fake calls, a memory storage. */

export class FakeStream implements StreamConnection {
  onMessage: ((event: StreamEvent) => void) | null = null;
  onError: ((error?: unknown) => void) | null = null;
  closed = false;

  constructor(
    readonly taskId: string,
    readonly lastEventId: string | undefined,
  ) {}

  close(): void {
    this.closed = true;
  }

  emit(payload: StreamPayload, id?: number): void {
    this.onMessage?.({ data: JSON.stringify(payload), lastEventId: id === undefined ? undefined : String(id) });
  }

  fail(): void {
    this.onError?.(new Error('stream error'));
  }
}

export class MemoryStorage implements TaskStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

/** An error like ApiError: an HTTP status (0 without an answer) and a message. */
export function httpError(status: number, message = `HTTP ${status}`): Error & { status: number } {
  return Object.assign(new Error(message), { status });
}

export const REQUEST: GenerationRequest = {
  topic: '如何高效学习',
  advanced_mode: false,
  deepspaceId: '42',
  settings: { audience: 'worker', length: 2000 },
  connection_id: null,
};

export const STARTED: GenerateResponse = { status: 'success', code: 0, message: '创作任务已开始', error: null, task_id: 't1', article_id: 'a1' };

export function progress(step: string, details: Record<string, unknown> = {}): StreamPayload {
  return { type: 'progress', currentStep: step, details: { article_id: 'a1', ...details } };
}

export function harness(overrides: Partial<TrackerDeps> = {}) {
  const streams: FakeStream[] = [];
  const toast = vi.fn<TrackerDeps['toast']>();
  const deps = {
    openStream: vi.fn((taskId: string, lastEventId?: string) => {
      const stream = new FakeStream(taskId, lastEventId);
      streams.push(stream);
      return stream;
    }),
    fetchStatus: vi.fn(async (_taskId: string): Promise<StatusResponse> => ({ currentStep: 'analyze_topic', details: { progress: 15 } })),
    fetchArticle: vi.fn(
      async (id: string): Promise<ArticleResponse> => ({ code: 0, status: 'success', content: '# 文章', article_id: id }),
    ),
    startGeneration: vi.fn(async (_request: GenerationRequest): Promise<GenerateResponse> => STARTED),
    toast,
    log: vi.fn(),
    ...overrides,
  };
  const tracker = createTracker(deps);
  return {
    tracker,
    deps,
    toast,
    streams,
    stream: () => {
      const last = streams.at(-1);
      if (!last) throw new Error('no stream opened');
      return last;
    },
    state: () => tracker.getState(),
  };
}

/** Starts and waits out the 1.5 s, so the first stream is open. */
export async function startTracking(h: ReturnType<typeof harness>, request: GenerationRequest = REQUEST) {
  await h.tracker.start(request);
  await vi.advanceTimersByTimeAsync(1500);
  return h.stream();
}

/** Lets pending promise answers land without moving the clock. */
export async function flush(): Promise<void> {
  await vi.advanceTimersByTimeAsync(0);
}
