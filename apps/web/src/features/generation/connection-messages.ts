import type { ToastKind } from '../../components/toast/toast-context';
import {
  globalTimeoutText,
  networkUnstableText,
  retryingInText,
  TRACKING_TEXT,
  TRACKING_TIMING,
} from './tracking-texts';
import type { StreamPayload } from './tracking-types';

/**
 * Connection messages (content-creation §4 and §8): sent by the server on the stream, or made by the
 * transport itself from polling failures, and turned into one effect on the tracker state.
 */

export const CONNECTION_MESSAGE_TYPES = [
  'connection_established',
  'connection_closed',
  'reconnect_failed',
  'service_unavailable',
  'global_timeout',
  'too_many_errors',
  'network_unstable',
  'timeout',
] as const;

export type ConnectionMessageType = (typeof CONNECTION_MESSAGE_TYPES)[number];

export function isConnectionMessage(type: string | undefined): type is ConnectionMessageType {
  return (CONNECTION_MESSAGE_TYPES as readonly (string | undefined)[]).includes(type);
}

export interface ConnectionEffect {
  connected?: boolean;
  /** Status becomes error with this text, and tracking ends. */
  fail?: string;
  toast?: { kind: ToastKind; message: string };
  /** A transient notice for the panel. */
  notice?: string;
  timedOut?: boolean;
  /** Switch from the stream to polling. */
  polling?: boolean;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

function count(value: unknown): number | undefined {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
}

/** The effect of one connection message; `final` is whether the status is completed or error. */
export function connectionEffect(payload: StreamPayload, final: boolean): ConnectionEffect | null {
  const details = payload.details ?? {};
  switch (payload.type) {
    case 'connection_established':
      return { connected: true };
    case 'connection_closed':
      return final ? null : { connected: false };
    case 'reconnect_failed':
      return { connected: false, fail: TRACKING_TEXT.reconnectFailed };
    case 'timeout':
      return { polling: true };
    case 'service_unavailable': {
      const errors = count(details.consecutiveErrors) ?? 0;
      if (errors >= TRACKING_TIMING.maxUnavailable) {
        return {
          connected: false,
          fail: text(details.message) ?? TRACKING_TEXT.unavailableToast,
          toast: { kind: 'error', message: TRACKING_TEXT.unavailableToast },
        };
      }
      const seconds = count(details.retryAfter) ?? count(details.retryIn) ?? TRACKING_TIMING.unavailableRetryMs / 1000;
      return {
        connected: false,
        notice: text(details.message) ?? retryingInText(seconds),
        toast: { kind: 'info', message: retryingInText(seconds) },
      };
    }
    case 'global_timeout': {
      const minutes = count(details.duration) ?? TRACKING_TIMING.globalLimitMinutes;
      const message = globalTimeoutText(minutes);
      return { fail: message, timedOut: true, toast: { kind: 'info', message } };
    }
    case 'too_many_errors':
      return {
        connected: false,
        fail: text(details.message) ?? TRACKING_TEXT.serverStop,
        toast: { kind: 'error', message: TRACKING_TEXT.tooManyErrorsToast },
      };
    case 'network_unstable': {
      if (details.allowUserChoice !== true) return null;
      const message = networkUnstableText(count(details.errorCount) ?? count(details.retryCount) ?? 0);
      return { notice: message, toast: { kind: 'info', message } };
    }
    default:
      return null;
  }
}
