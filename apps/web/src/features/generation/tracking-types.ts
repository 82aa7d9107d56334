import type { GenerationStatus } from '@tianma/shared';
import type { ToastKind } from '../../components/toast/toast-context';
import type { Draft } from './draft-sections';

/** What the tracking machine talks to (API.md, content service), injected so tests can script it. */

/** The details of a progress event or status answer. */
export interface ProgressDetails {
  progress?: number;
  message?: string;
  article_id?: string | null;
  step_label?: string;
  current_query?: string;
  error?: string;
  [key: string]: unknown;
}

/** One `data:` payload of the stream (or a connection message from the transport). */
export interface StreamPayload {
  type?: string;
  currentStep?: string;
  details?: ProgressDetails | null;
}

export interface StreamEvent {
  /** The raw `data:` text. */
  data: string;
  /** The SSE `id:`, when the event had one. */
  lastEventId?: string;
}

/** EventSource-like: the machine assigns the handlers after opening and closes it when done. */
export interface StreamConnection {
  onMessage: ((event: StreamEvent) => void) | null;
  onError: ((error?: unknown) => void) | null;
  close(): void;
}

/** GET /api/v1/articles/{taskId}/status. */
export interface StatusResponse {
  currentStep?: string;
  details?: ProgressDetails | null;
  status?: string;
  task_id?: string;
  article_id?: string | null;
  eventId?: number;
}

/** GET /api/v1/articles/articles/{id}?content_type=md. */
export interface ArticleResponse {
  code?: number | string;
  status?: string;
  content?: string | null;
  article_id?: string | null;
  error?: string | null;
  message?: string | null;
  /** Our additions (API.md): the stored article's metadata. */
  title?: string | null;
  written_by?: string | null;
  /** Written by the offline composer, not a model. */
  offline?: boolean | null;
  word_count?: number | null;
  /** ISO timestamp. */
  created_at?: string | null;
}

/** What the preview shows beside a fetched article; null until a fetch answered (content sent inline has none). */
export interface ArticleMeta {
  title?: string;
  offline: boolean;
  wordCount?: number;
  createdAt?: string;
}

/** POST /api/v1/articles/generate: the five wire fields, the rest under settings (spec §3). */
export interface GenerationRequest {
  topic: string;
  advanced_mode: boolean;
  deepspaceId: string | number;
  settings: Record<string, unknown>;
  connection_id?: string | null;
}

/** The generate answer; an error answer (code, status) is returned, not thrown (spec §7). */
export interface GenerateResponse {
  status?: string;
  code?: number | string;
  message?: string | null;
  error?: string | null;
  article_id?: string | null;
  task_id?: string | null;
}

export interface TimerApi {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** sessionStorage-like. */
export type TaskStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface TrackerDeps {
  openStream(taskId: string, lastEventId?: string): StreamConnection;
  /** Rejects with an error carrying `status` (ApiError: 0 when no answer came) on failure. */
  fetchStatus(taskId: string): Promise<StatusResponse>;
  fetchArticle(articleId: string, contentType?: 'md' | 'html'): Promise<ArticleResponse>;
  startGeneration(request: GenerationRequest): Promise<GenerateResponse>;
  toast(kind: ToastKind, message: string): void;
  log?(message: string, data?: unknown): void;
  /** Defaults to the global setTimeout/clearTimeout (looked up at call time, so fake timers apply). */
  timers?: TimerApi;
  /** When given, the running task is remembered there for a reload (running-task.ts). */
  storage?: TaskStorage;
  /** When given, the last finished article is remembered there until the next start (last-result.ts). */
  resultStorage?: TaskStorage;
}

/** idle, a generation step (unknown names are kept as sent and count as running), completed or error. */
export type TrackerStatus = GenerationStatus | (string & {});

export type TrackingMode = 'stream' | 'polling' | 'closed';

export interface TrackerState {
  status: TrackerStatus;
  taskId: string | null;
  articleId: string | null;
  /** The article markdown once fetched. */
  article: string | null;
  /** The fetched article's metadata; reset together with `article`. */
  articleMeta: ArticleMeta | null;
  error: string | null;
  details: ProgressDetails | null;
  /** The sections written so far, shown in the preview until the article is done (API.md, section streaming). */
  draft: Draft | null;
  /** A transient connection notice (503 retries, unstable network), cleared by the next update. */
  notice: string | null;
  isConnected: boolean;
  isMonitoring: boolean;
  /** The start call or the article fetch is under way. */
  isLoading: boolean;
  mode: TrackingMode;
  lastSettings: GenerationRequest | null;
  businessLimit: boolean;
  timedOut: boolean;
}

export type TrackerListener = (state: TrackerState) => void;

export interface Tracker {
  getState(): TrackerState;
  subscribe(listener: TrackerListener): () => void;
  /** Starts a generation; false when refused (a run is under way) or failed. */
  start(request: GenerationRequest): Promise<boolean>;
  /** start() with the last settings. */
  regenerate(): Promise<boolean>;
  /**
   * Shows a finished article again (after a reload or a visit elsewhere): fetched by id; when it
   * cannot be fetched (deleted, another account), the record is dropped and the panel stays idle, silently.
   */
  restore(result: { articleId: string; taskId?: string | null; settings?: GenerationRequest | null }): void;
  /** Picks a running task up again (after a page reload). */
  resume(taskId: string, options?: { articleId?: string | null; settings?: GenerationRequest | null }): void;
  /** Fetches the article again (the 'refetch' button). */
  refetchArticle(): Promise<void>;
  /** Stops tracking and every timer; the machine stays silent afterwards. */
  dispose(): void;
}
