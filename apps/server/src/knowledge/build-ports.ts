/**
 * What the knowledge-base build needs of the job queue and the event bus that generation uses
 * (generation/task-runner.ts, generation/events.ts). Declared here, by their user, so that
 * knowledge/ depends on the shapes only.
 */

/** The queue's job kind of a build; its id is the session id. */
export const KB_BUILD_JOB = 'knowledge-build';

export interface BuildQueue {
  /** Rejects when no worker can be reached; the session row already says `building`. */
  submit(kind: string, id: string): Promise<void>;
}

/** The client's view of a build (API.md, build stream): one `data:` line per event. */
export type BuildEvent = {
  progress: number;
  message: string;
  status: 'progress' | 'completed' | 'error' | 'warning';
};

/** A build event as it travels on the bus, in the bus's event envelope. */
export interface BuildBusEvent {
  seq: number;
  type: 'progress';
  currentStep: typeof KB_BUILD_JOB;
  details: BuildEvent;
}

export interface BuildEventBus {
  /** True when every event of every build is published in this process (see generation/events.ts). */
  readonly seesEveryEvent: boolean;
  publish(channel: string, event: BuildBusEvent): Promise<void>;
  /** The bus hands on events of every kind; a build's channel carries only BuildBusEvents. */
  subscribe(channel: string, listener: (event: { details: Record<string, unknown> }) => void): Promise<() => void>;
}

/** The bus channel of one session's build (task channels are task ids, which never hold a colon). */
export const buildChannel = (sessionId: string) => `${KB_BUILD_JOB}:${sessionId}`;

/**
 * The queue's job that gives live knowledge bases vectors from the embeddings model in use now
 * (after a switch in the console, decision 083); its id is that model's name.
 */
export const KB_REEMBED_JOB = 'knowledge-reembed';
