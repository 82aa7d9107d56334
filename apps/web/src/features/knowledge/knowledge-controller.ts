import { KB_EMPTY_CODE } from '@tianma/shared';
import type { ToastKind } from '../../components/toast/toast-context';
import { ApiError } from '../../lib/api';
import type { StreamConnection, TimerApi } from '../generation/tracking-types';
import type { BuildStreamEvent } from './build-progress';
import type { KnowledgeApi, SessionStatus } from './knowledge-api';
import { failureMessage, isExpired, KB_TEXT } from './knowledge-messages';
import { checkKnowledgeFiles } from './knowledge-rules';
import { type KeyValueStorage, readSessionId, removeSessionId, storeSessionId } from './knowledge-session';
import { initialKnowledgeState, type KnowledgeEvent, type KnowledgeState, knowledgeFlags, reduceKnowledge } from './knowledge-state';

/**
 * The knowledge base's flows (content-creation §4, §5, §8): session check on enabling, upload, delete
 * and build with its progress stream. Framework-free: the hook subscribes, tests drive it directly.
 */

export interface KnowledgeDeps {
  api: KnowledgeApi;
  /** localStorage, holding knowledgeBaseSessionId. */
  storage: KeyValueStorage | null;
  toast(kind: ToastKind, message: string): void;
  /** The signed-in user's id, sent with uploads when known. */
  deepspaceId(): string | null;
  /** Defaults to the global timers, looked up at call time (fake timers apply). */
  timers?: TimerApi;
}

/** What a generation request takes of the knowledge base (build-request). */
export interface KnowledgeSelection {
  enabled: boolean;
  sessionId: string | null;
  documentIds: readonly string[];
}

export interface KnowledgeController {
  getState(): KnowledgeState;
  subscribe(listener: (state: KnowledgeState) => void): () => void;
  /** On: checks the stored session once (valid → its files come back; expired → cleared). Off: validity unknown. */
  setEnabled(enabled: boolean): void;
  upload(files: readonly File[]): Promise<void>;
  remove(fileId: string): Promise<void>;
  build(): Promise<void>;
  selection(): KnowledgeSelection;
  /** Closes the stream and timers; later answers are dropped. */
  dispose(): void;
}

/** A lost build stream is reopened this often (after 2 s, 4 s, 6 s) while the server still builds. */
export const STREAM_RETRIES = 3;
export const STREAM_RETRY_MS = 2000;

const globalTimers: TimerApi = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export function createKnowledgeController(deps: KnowledgeDeps): KnowledgeController {
  const { api, storage, toast } = deps;
  const timers = deps.timers ?? globalTimers;
  const listeners = new Set<(state: KnowledgeState) => void>();
  let state = initialKnowledgeState();
  let disposed = false;
  /** Bumped when a session check's answer no longer applies (turned off, expired). */
  let checkRound = 0;
  let stream: StreamConnection | null = null;
  let retryTimer: unknown = null;
  let streamRetries = 0;

  const dispatch = (event: KnowledgeEvent) => {
    if (disposed) return;
    state = reduceKnowledge(state, event);
    for (const listener of listeners) listener(state);
  };
  const say = (kind: ToastKind, message: string) => {
    if (!disposed) toast(kind, message);
  };

  const stopFollowing = () => {
    if (stream) {
      stream.onMessage = null;
      stream.onError = null;
      stream.close();
      stream = null;
    }
    if (retryTimer !== null) timers.clearTimeout(retryTimer);
    retryTimer = null;
  };

  /** A 404 anywhere: everything goes, the stored id too (spec §4). */
  const expire = (message: string, kind: ToastKind) => {
    stopFollowing();
    checkRound += 1;
    removeSessionId(storage);
    dispatch({ type: 'expired' });
    say(kind, message);
  };

  const built = () => {
    stopFollowing();
    dispatch({ type: 'built' });
    say('success', KB_TEXT.built);
  };

  const buildFailed = (message: string) => {
    stopFollowing();
    dispatch({ type: 'buildFailed', message });
    say('error', message);
  };

  const checkSession = async () => {
    const sessionId = state.sessionId ?? readSessionId(storage);
    if (!sessionId) return;
    checkRound += 1;
    const round = checkRound;
    dispatch({ type: 'checkStarted', sessionId });
    try {
      const { status, message } = await api.status(sessionId);
      const files = await api.listFiles(sessionId);
      if (round !== checkRound) return;
      dispatch({ type: 'checkPassed', sessionId, files, status, message });
      if (status === 'building') follow(sessionId);
    } catch (error) {
      if (round !== checkRound) return;
      if (isExpired(error)) {
        expire(KB_TEXT.expired, 'info');
        return;
      }
      dispatch({ type: 'checkFailed' });
      say('error', failureMessage('检查知识库', error));
    }
  };

  /** Before delete and build (spec §8): the session must still be there. */
  const sessionAlive = async (sessionId: string): Promise<{ ok: true } | { ok: false; error: unknown; expired: boolean }> => {
    try {
      await api.status(sessionId);
      return { ok: true };
    } catch (error) {
      if (isExpired(error)) {
        expire(KB_TEXT.deleted, 'error');
        return { ok: false, error, expired: true };
      }
      return { ok: false, error, expired: false };
    }
  };

  const onStreamEvent = (data: string) => {
    let payload: unknown;
    try {
      payload = JSON.parse(data);
    } catch {
      return;
    }
    if (!isRecord(payload)) return;
    streamRetries = 0;
    const event = payload as BuildStreamEvent;
    const cause = typeof event.message === 'string' && event.message.trim() ? event.message.trim() : '';
    if (event.status === 'completed') built();
    else if (event.status === 'error') buildFailed(cause ? `构建知识库失败：${cause}` : KB_TEXT.buildFailed);
    else {
      dispatch({ type: 'buildProgress', event });
      // A warning (a file partly read, say) does not stop the build but is worth a word.
      if (event.status === 'warning' && cause) say('info', cause);
    }
  };

  /** Reads the build stream until completed or error. */
  const follow = (sessionId: string) => {
    if (stream || disposed) return;
    const connection = api.openBuildStream(sessionId);
    stream = connection;
    connection.onMessage = (event) => onStreamEvent(event.data);
    connection.onError = () => {
      if (stream !== connection) return;
      stream = null;
      void recover(sessionId);
    };
  };

  /** The stream ended without a final event: ask the server where the build stands. */
  const recover = async (sessionId: string) => {
    const stillOurs = () => !disposed && state.build === 'building' && state.sessionId === sessionId;
    if (!stillOurs()) return;
    let answer: SessionStatus | null = null;
    let failure: unknown = null;
    try {
      answer = await api.status(sessionId);
    } catch (error) {
      failure = error;
    }
    if (!stillOurs()) return;
    if (failure !== null && isExpired(failure)) {
      expire(KB_TEXT.expired, 'info');
      return;
    }
    if (answer?.status === 'completed') return built();
    if (answer?.status === 'error' || answer?.status === 'none') {
      return buildFailed(answer.message ? `构建知识库失败：${answer.message}` : KB_TEXT.buildFailed);
    }
    // Still building, or the check itself failed: read the stream again a few times.
    if (streamRetries >= STREAM_RETRIES) {
      buildFailed(failure !== null ? failureMessage('构建知识库', failure) : KB_TEXT.streamLost);
      return;
    }
    streamRetries += 1;
    retryTimer = timers.setTimeout(() => {
      retryTimer = null;
      if (stillOurs()) follow(sessionId);
    }, STREAM_RETRY_MS * streamRetries);
  };

  const controller: KnowledgeController = {
    getState: () => state,

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    setEnabled(enabled) {
      if (enabled === state.enabled) return;
      if (!enabled) {
        checkRound += 1;
        dispatch({ type: 'disable' });
        return;
      }
      dispatch({ type: 'enable' });
      if (state.validity === 'unknown' || state.validity === 'expired') void checkSession();
    },

    async upload(files) {
      const current = state;
      if (!current.enabled || files.length === 0 || !knowledgeFlags(current).canUpload) return;
      const check = checkKnowledgeFiles(current.files.length, files);
      if (!check.ok) {
        say('error', check.message);
        return;
      }
      dispatch({ type: 'uploadStarted' });
      try {
        const result = await api.upload(current.sessionId, deps.deepspaceId(), files);
        dispatch({ type: 'uploaded', sessionId: result.sessionId, files: result.files });
        storeSessionId(storage, result.sessionId);
        say('success', KB_TEXT.uploaded);
      } catch (error) {
        dispatch({ type: 'uploadFailed' });
        if (isExpired(error)) expire(KB_TEXT.expired, 'info');
        else say('error', failureMessage('上传文件', error));
      }
    },

    async remove(fileId) {
      const current = state;
      const sessionId = current.sessionId;
      if (!sessionId || current.deleting.includes(fileId) || current.uploading || current.build === 'building') return;
      dispatch({ type: 'deleteStarted', fileId });
      const alive = await sessionAlive(sessionId);
      if (!alive.ok) {
        dispatch({ type: 'deleteFailed', fileId });
        if (!alive.expired) say('error', failureMessage('删除文件', alive.error));
        return;
      }
      try {
        await api.deleteFile(sessionId, fileId);
        dispatch({ type: 'deleted', fileId });
        say('success', KB_TEXT.removed);
      } catch (error) {
        dispatch({ type: 'deleteFailed', fileId });
        if (isExpired(error)) expire(KB_TEXT.expired, 'info');
        else say('error', failureMessage('删除文件', error));
      }
    },

    async build() {
      const current = state;
      if (current.build === 'building' || current.uploading || current.deleting.length > 0) return;
      const sessionId = current.sessionId;
      if (!sessionId || current.files.length === 0) {
        say('error', KB_TEXT.noFiles);
        return;
      }
      dispatch({ type: 'buildStarted' });
      streamRetries = 0;
      const alive = await sessionAlive(sessionId);
      if (!alive.ok) {
        if (!alive.expired) buildFailed(failureMessage('构建知识库', alive.error));
        return;
      }
      try {
        const result = await api.build(sessionId);
        if (state.build !== 'building' || state.sessionId !== sessionId) return;
        if (result.status === 'built') {
          // Same files as the last build: nothing to do (spec §5).
          dispatch({ type: 'built' });
          say('info', result.message ?? KB_TEXT.alreadyBuilt);
          return;
        }
        follow(sessionId);
      } catch (error) {
        if (isExpired(error)) expire(KB_TEXT.expired, 'info');
        else if (error instanceof ApiError && error.code === KB_EMPTY_CODE) buildFailed(KB_TEXT.noFiles);
        else buildFailed(failureMessage('构建知识库', error));
      }
    },

    selection() {
      return { enabled: state.enabled, sessionId: state.sessionId, documentIds: state.files.map((file) => file.documentId) };
    },

    dispose() {
      stopFollowing();
      disposed = true;
      listeners.clear();
    },
  };
  return controller;
}
