import { createArticleLoader, readArticleMeta } from './article-loader';
import { connectionEffect, type ConnectionEffect, isConnectionMessage } from './connection-messages';
import { forgetLastResult, rememberLastResult } from './last-result';
import { isFinalStatus, isRunningStatus } from './progress-display';
import { forgetRunningTask, rememberRunningTask } from './running-task';
import { nonEmpty, readStartResponse, type StartOutcome, startFailure } from './start-outcome';
import { TimerSlots } from './timer-slots';
import { mergeDraft } from './draft-sections';
import { errorPatch, initialTrackerState } from './tracker-state';
import { TRACKING_TEXT, TRACKING_TIMING } from './tracking-texts';
import { createTransport } from './tracking-transport';
import type { ProgressDetails, StreamPayload, Tracker, TrackerDeps, TrackerListener, TrackerState } from './tracking-types';

export * from './tracking-types';
export { initialTrackerState } from './tracker-state';

/**
 * The generation tracker (content-creation §4 and §8): start, the 1.5 s wait, the stream with its
 * polling fallback, step updates, connection messages, the close 2 s after a final state, the article
 * fetch, regenerate and resume. Framework-free; a React hook subscribes to it.
 */

const T = TRACKING_TIMING;

export function createTracker(deps: TrackerDeps): Tracker {
  const timers = new TimerSlots(deps.timers);
  const log = (message: string, data?: unknown) => deps.log?.(message, data);
  const listeners = new Set<TrackerListener>();
  let state = initialTrackerState();
  let disposed = false;
  /** Bumped by start, resume and dispose: answers of an older run are dropped. */
  let epoch = 0;
  /** A final state arrived through tracking: polls stop, the stream's end is no error. */
  let over = false;

  /** The article id last written to resultStorage, so a patch does not write it again. */
  let keptResult: string | null = null;

  const patch = (next: Partial<TrackerState>) => {
    if (disposed) return;
    state = { ...state, ...next };
    keepResult();
    for (const listener of [...listeners]) listener(state);
  };

  /** A finished article with its id is the last result until the next start (last-result.ts). */
  const keepResult = () => {
    if (!deps.resultStorage || state.status !== 'completed' || !state.articleId || !state.article?.trim()) return;
    if (keptResult === state.articleId) return;
    keptResult = state.articleId;
    rememberLastResult(deps.resultStorage, { articleId: state.articleId, taskId: state.taskId, settings: state.lastSettings });
  };
  const dropResult = () => {
    keptResult = null;
    if (deps.resultStorage) forgetLastResult(deps.resultStorage);
  };

  const errorOf = (message: string) => errorPatch(state, message);

  const remember = () => {
    if (deps.storage && state.taskId) {
      rememberRunningTask(deps.storage, { taskId: state.taskId, articleId: state.articleId, settings: state.lastSettings });
    }
  };
  const forget = () => {
    if (deps.storage) forgetRunningTask(deps.storage);
  };

  const transport = createTransport({
    deps,
    timers,
    log,
    onPayload: (payload) => handlePayload(payload),
    onStatus: (response) => {
      const details: ProgressDetails = { ...(response.details ?? {}) };
      if (!nonEmpty(details.article_id) && nonEmpty(response.article_id)) details.article_id = nonEmpty(response.article_id);
      if (nonEmpty(response.currentStep)) applyStep(response.currentStep as string, details);
    },
    onFatal: (message) => {
      if (over) return;
      deps.toast('error', message);
      patch({ ...errorOf(message), isConnected: false });
      reachFinal();
    },
    setLink: (link) => patch(link),
    isOver: () => over,
  });

  const articles = createArticleLoader({ deps, timers, getState: () => state, patch, epoch: () => epoch });

  /** Tracking ends: no more polls now, the connection closes 2 s later. */
  function reachFinal() {
    if (over) return;
    over = true;
    timers.cancel('global');
    timers.schedule('close', T.closeAfterFinalMs, () => {
      transport.disconnect();
      forget();
    });
  }

  function handlePayload(payload: StreamPayload) {
    if (isConnectionMessage(payload.type)) {
      applyEffect(connectionEffect(payload, isFinalStatus(state.status)));
      return;
    }
    const step = nonEmpty(payload.currentStep);
    if (step) applyStep(step, payload.details ?? null);
    else log('忽略无步骤的消息', payload);
  }

  function applyEffect(effect: ConnectionEffect | null) {
    if (!effect) return;
    if (effect.polling) {
      if (!over) transport.switchToPolling();
      return;
    }
    if (effect.fail !== undefined) {
      if (over) return; // a final state stands
      if (effect.toast) deps.toast(effect.toast.kind, effect.toast.message);
      patch({
        ...errorOf(effect.fail),
        timedOut: state.timedOut || effect.fail.includes(TRACKING_TEXT.timeoutKeyword) || effect.timedOut === true,
        ...(effect.connected === undefined ? {} : { isConnected: effect.connected }),
      });
      reachFinal();
      return;
    }
    const next: Partial<TrackerState> = {};
    if (effect.connected !== undefined) next.isConnected = effect.connected;
    if (effect.notice) next.notice = effect.notice;
    patch(next);
    if (effect.toast) deps.toast(effect.toast.kind, effect.toast.message);
  }

  /** Same step: details only. New step: status, error and details replaced, article_id taken. */
  function applyStep(step: string, details: ProgressDetails | null) {
    if (over && !isFinalStatus(step)) {
      log('最终状态之后的进度已忽略', step);
      return;
    }
    const draft = mergeDraft(state.draft, details);
    if (step === state.status) {
      patch({ details, draft, notice: null });
    } else {
      const articleId = nonEmpty(details?.article_id) ?? state.articleId;
      if (step === 'error') {
        const message = nonEmpty(details?.error) ?? nonEmpty(details?.message) ?? TRACKING_TEXT.stepError;
        patch({ ...errorOf(message), details, draft, articleId });
      } else {
        patch({ status: step, error: null, details, draft, articleId, notice: null });
        if (step === 'completed') articles.onCompleted(details);
      }
    }
    if (isFinalStatus(step)) reachFinal();
  }

  /**
   * Connects now, or 150 ms after cutting a live connection; the 18-minute limit also runs here.
   * A run this page started is followed from its first event (the steps play back, decision 055);
   * a resumed one from its current state.
   */
  function beginTracking(taskId: string, fromStart = false) {
    const connect = () => {
      transport.connect(taskId, { fromStart });
      timers.schedule('global', T.globalLimitMinutes * 60_000, () =>
        handlePayload({ type: 'global_timeout', details: { duration: T.globalLimitMinutes } }),
      );
    };
    if (transport.isActive()) {
      transport.disconnect();
      timers.schedule('track', T.reconnectAfterDisconnectMs, connect);
    } else {
      connect();
    }
  }

  /** Cuts any tracking of an earlier run. */
  function cutTracking() {
    epoch += 1;
    timers.cancelAll();
    over = false;
  }

  function settle(outcome: StartOutcome): boolean {
    if (outcome.kind === 'failed') {
      deps.toast(outcome.toast.kind, outcome.toast.message);
      patch({ ...errorOf(outcome.message), isLoading: false });
      return false;
    }
    if (outcome.kind === 'limited') {
      deps.toast('info', outcome.message);
      patch({
        ...errorOf(outcome.message),
        businessLimit: true,
        taskId: outcome.taskId,
        articleId: outcome.articleId ?? state.articleId,
        isLoading: false,
      });
    } else {
      patch({ taskId: outcome.taskId, articleId: outcome.articleId, isLoading: false });
    }
    const { taskId } = outcome;
    if (taskId) {
      remember();
      timers.schedule('track', T.trackDelayMs, () => beginTracking(taskId, true));
    }
    return outcome.kind === 'started';
  }

  const tracker: Tracker = {
    getState: () => state,

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async start(request) {
      if (disposed) return false;
      if (isRunningStatus(state.status)) {
        deps.toast('info', TRACKING_TEXT.busy);
        return false;
      }
      cutTracking();
      const at = epoch;
      if (transport.isActive()) transport.disconnect();
      forget();
      // The user starts another: the last result is no longer what the panel comes back to.
      dropResult();
      patch({ ...initialTrackerState(), status: 'search_and_extract', lastSettings: request, isLoading: true });
      let outcome: StartOutcome;
      try {
        outcome = readStartResponse(await deps.startGeneration(request));
      } catch (error) {
        outcome = startFailure(error);
      }
      if (at !== epoch) return false;
      return settle(outcome);
    },

    async regenerate() {
      if (!state.lastSettings) {
        deps.toast('info', TRACKING_TEXT.noSettings);
        return false;
      }
      return tracker.start(state.lastSettings);
    },

    restore(result) {
      if (disposed || !result.articleId) return;
      cutTracking();
      const at = epoch;
      if (transport.isActive()) transport.disconnect();
      keptResult = result.articleId;
      patch({
        ...initialTrackerState(),
        status: 'completed',
        taskId: result.taskId ?? null,
        articleId: result.articleId,
        lastSettings: result.settings ?? null,
        isLoading: true,
      });
      const gone = () => {
        if (at !== epoch) return;
        dropResult();
        patch(initialTrackerState());
      };
      deps.fetchArticle(result.articleId, 'md').then((answer) => {
        if (at !== epoch) return;
        if (Number(answer?.code) !== 0 || answer?.status !== 'success' || !answer.content?.trim()) {
          gone();
          return;
        }
        patch({ article: answer.content, articleMeta: readArticleMeta(answer), articleId: nonEmpty(answer.article_id) ?? result.articleId, isLoading: false });
      }, gone);
    },

    resume(taskId, options = {}) {
      if (disposed || !taskId) return;
      if (state.taskId === taskId && state.isMonitoring && !over) return;
      cutTracking();
      patch({
        ...initialTrackerState(),
        status: isRunningStatus(state.status) ? state.status : 'search_and_extract',
        taskId,
        articleId: options.articleId ?? null,
        lastSettings: options.settings ?? state.lastSettings,
        mode: state.mode,
        isMonitoring: state.isMonitoring,
      });
      remember();
      beginTracking(taskId);
      // The stream resumes from the current state; the sections written before the reload come from the status call.
      const at = epoch;
      deps.fetchStatus(taskId).then(
        (response) => {
          if (at === epoch && !over) patch({ draft: mergeDraft(state.draft, response?.details) });
        },
        () => undefined,
      );
    },

    async refetchArticle() {
      if (disposed) return;
      if (state.articleId) await articles.load(state.articleId);
      else patch(errorOf(TRACKING_TEXT.noContent));
    },

    dispose() {
      if (disposed) return;
      epoch += 1;
      listeners.clear();
      timers.cancelAll();
      transport.disconnect();
      disposed = true;
    },
  };
  return tracker;
}
