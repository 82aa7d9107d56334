import type { TimerSlots } from './timer-slots';
import { networkStopText, TRACKING_TEXT, TRACKING_TIMING, unavailableRetryText } from './tracking-texts';
import type { StatusResponse, StreamConnection, StreamPayload, TrackerDeps, TrackerState } from './tracking-types';

/**
 * The stream-then-polling transport of one task (content-creation §4, §8, §9): the SSE stream with
 * up to 5 reconnects (3 s doubling, cap 60 s), polling every 3 s after 3 consecutive stream errors
 * or on request, and the polling failure rules (503, network, 500/502), reported to the host as
 * connection messages.
 */

export type PollFailure = 'unavailable' | 'network' | 'server' | 'fatal';

const NETWORK_PATTERN = /network|failed to fetch|fetch failed|load failed|timeout|timed out|econn|err_|网络/i;

/** Sorts a fetchStatus rejection: 503, network (no answer), fatal (401/403/404), or any other server error. */
export function classifyPollError(error: unknown): PollFailure {
  const record = typeof error === 'object' && error !== null ? (error as { status?: unknown; message?: unknown }) : {};
  const status = typeof record.status === 'number' ? record.status : undefined;
  const message = typeof record.message === 'string' ? record.message : String(error ?? '');
  if (status === 503 || /\b503\b|service unavailable/i.test(message)) return 'unavailable';
  if (status === 0 || (status === undefined && NETWORK_PATTERN.test(message))) return 'network';
  if (status === 401 || status === 403 || status === 404) return 'fatal';
  return 'server';
}

function messageOf(error: unknown): string | undefined {
  if (error instanceof Error && error.message.trim()) return error.message.trim();
  return undefined;
}

export interface TransportHost {
  deps: Pick<TrackerDeps, 'openStream' | 'fetchStatus'>;
  timers: TimerSlots;
  log(message: string, data?: unknown): void;
  /** A stream payload, or a connection message made here. */
  onPayload(payload: StreamPayload): void;
  onStatus(response: StatusResponse): void;
  /** A failure that retrying cannot mend (the task is gone, the session ended). */
  onFatal(message: string): void;
  setLink(patch: Partial<Pick<TrackerState, 'isConnected' | 'mode' | 'isMonitoring'>>): void;
  /** True once a final state arrived: no more polls, and the stream's end is not an error. */
  isOver(): boolean;
}

export interface Transport {
  /**
   * Opens the task's stream. `fromStart` asks for every event from the first (`Last-Event-ID: 0`),
   * so a task that ran ahead of the tracking (the 1.5 s wait) still shows each of its steps.
   */
  connect(taskId: string, options?: { fromStart?: boolean }): void;
  switchToPolling(): void;
  disconnect(): void;
  /** A stream is open, or a reconnect or poll is pending. */
  isActive(): boolean;
}

export function createTransport(host: TransportHost): Transport {
  const { deps, timers } = host;
  const T = TRACKING_TIMING;
  let taskId: string | null = null;
  let stream: StreamConnection | null = null;
  let mode: 'stream' | 'polling' | 'closed' = 'closed';
  let session = 0;
  let lastEventId: string | undefined;
  let streamErrors = 0;
  let reconnects = 0;
  let unavailable = 0;
  let network = 0;
  let server = 0;

  const closeStream = () => {
    const open = stream;
    stream = null;
    if (!open) return;
    open.onMessage = null;
    open.onError = null;
    open.close();
  };

  const openStream = () => {
    if (!taskId || mode !== 'stream') return;
    let connection: StreamConnection;
    try {
      connection = deps.openStream(taskId, lastEventId);
    } catch (error) {
      host.log('无法打开进度流，改用轮询', error);
      switchToPolling();
      return;
    }
    stream = connection;
    connection.onMessage = (event) => {
      if (stream !== connection) return;
      streamErrors = 0;
      if (event.lastEventId) lastEventId = event.lastEventId;
      let payload: StreamPayload;
      try {
        payload = JSON.parse(event.data) as StreamPayload;
      } catch {
        host.log('无法解析进度消息', event.data);
        return;
      }
      if (payload && typeof payload === 'object') host.onPayload(payload);
    };
    connection.onError = (error) => {
      if (stream !== connection) return;
      onStreamError(error);
    };
  };

  const onStreamError = (error: unknown) => {
    if (host.isOver()) return; // the server ends the stream after the final event
    closeStream();
    host.setLink({ isConnected: false });
    streamErrors += 1;
    host.log(`进度流错误（连续${streamErrors}次）`, error);
    if (streamErrors >= T.streamErrorsToPolling || reconnects >= T.maxStreamReconnects) {
      switchToPolling();
      return;
    }
    const delay = Math.min(T.streamRetryBaseMs * 2 ** reconnects, T.streamRetryCapMs);
    reconnects += 1;
    timers.schedule('reconnect', delay, openStream);
  };

  const poll = () => {
    if (!taskId || mode !== 'polling' || host.isOver()) return;
    const current = session;
    deps.fetchStatus(taskId).then(
      (response) => {
        if (current !== session || mode !== 'polling') return;
        unavailable = 0;
        network = 0;
        server = 0;
        host.setLink({ isConnected: true });
        host.onStatus(response ?? {});
        if (current === session && !host.isOver()) timers.schedule('poll', T.pollIntervalMs, poll);
      },
      (error: unknown) => {
        if (current !== session || mode !== 'polling' || host.isOver()) return;
        host.setLink({ isConnected: false });
        onPollError(error);
      },
    );
  };

  const onPollError = (error: unknown) => {
    const kind = classifyPollError(error);
    host.log(`轮询失败（${kind}）`, error);
    if (kind === 'unavailable') {
      unavailable += 1;
      if (unavailable >= T.maxUnavailable) {
        host.onPayload({ type: 'service_unavailable', details: { consecutiveErrors: unavailable, message: TRACKING_TEXT.unavailableStop } });
        return;
      }
      const message = unavailableRetryText(unavailable);
      host.onPayload({ type: 'service_unavailable', details: { consecutiveErrors: unavailable, retryAfter: T.unavailableRetryMs / 1000, message } });
      timers.schedule('poll', T.unavailableRetryMs, poll);
      return;
    }
    if (kind === 'network') {
      network += 1;
      if (network >= T.maxNetworkErrors) {
        host.onPayload({ type: 'too_many_errors', details: { message: networkStopText(network) } });
        return;
      }
      if (network % T.networkNoticeEvery === 0 && network <= T.networkNoticeUpTo) {
        host.onPayload({ type: 'network_unstable', details: { errorCount: network, allowUserChoice: true } });
      }
      timers.schedule('poll', Math.max(T.networkRetryMs, T.pollIntervalMs), poll);
      return;
    }
    if (kind === 'fatal') {
      host.onFatal(messageOf(error) ?? TRACKING_TEXT.reconnectFailed);
      return;
    }
    server += 1;
    if (server >= T.maxConsecutiveErrors) {
      host.onPayload({ type: 'too_many_errors', details: { message: TRACKING_TEXT.serverStop } });
      return;
    }
    timers.schedule('poll', Math.min(T.pollIntervalMs * 2 ** (server - 1), T.serverRetryCapMs), poll);
  };

  function switchToPolling() {
    if (!taskId || mode === 'polling') return;
    session += 1;
    closeStream();
    timers.cancel('reconnect');
    mode = 'polling';
    unavailable = 0;
    network = 0;
    server = 0;
    host.setLink({ mode: 'polling', isMonitoring: true });
    poll();
  }

  return {
    connect(id, options = {}) {
      session += 1;
      closeStream();
      timers.cancel('reconnect', 'poll');
      taskId = id;
      mode = 'stream';
      lastEventId = options.fromStart ? '0' : undefined;
      streamErrors = 0;
      reconnects = 0;
      host.setLink({ mode: 'stream', isMonitoring: true, isConnected: false });
      openStream();
    },
    switchToPolling,
    disconnect() {
      session += 1;
      closeStream();
      timers.cancel('reconnect', 'poll');
      mode = 'closed';
      host.setLink({ mode: 'closed', isMonitoring: false, isConnected: false });
    },
    isActive() {
      return mode !== 'closed';
    },
  };
}
