import { ApiError, FORMAT_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE, REQUEST_FAILED_MESSAGE } from '../../lib/api';

export interface FailureWording {
  /** The server refused without saying why. */
  failed: string;
  /** No usable answer: network down, or an error status without a message. Defaults to `failed`. */
  unreachable?: string;
}

/** apiRequest's own wording when the server said nothing; the page's wording replaces it. */
function isGenericMessage(message: string): boolean {
  return [NETWORK_ERROR_MESSAGE, FORMAT_ERROR_MESSAGE, REQUEST_FAILED_MESSAGE].includes(message) || /^HTTP \d{3}:/.test(message);
}

/** What an account page shows for a failed call: the server's message, else the page's wording (spec §8). */
export function failureMessage(error: unknown, { failed, unreachable = failed }: FailureWording): string {
  if (!(error instanceof ApiError)) return unreachable;
  if (error.status !== 0 && !isGenericMessage(error.message)) return error.message;
  return error.status >= 200 && error.status < 300 ? failed : unreachable;
}
