import { ApiError, apiRequest, CLIENT_ERROR_CODES, FORMAT_ERROR_MESSAGE } from '../../lib/api';

/** GET /api/v1/system/status: whether a model writes the articles, and whether web search is on. */

export const SYSTEM_STATUS_PATH = '/api/v1/system/status';

export interface SystemStatus {
  /** 'offline': no model is configured; the built-in offline composer writes the articles. */
  writer: 'model' | 'offline';
  webSearch: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export async function fetchSystemStatus(signal?: AbortSignal): Promise<SystemStatus> {
  const payload = await apiRequest<unknown>(SYSTEM_STATUS_PATH, { signal });
  const data = isRecord(payload) ? payload.data : undefined;
  if (!isRecord(data) || (data.writer !== 'model' && data.writer !== 'offline')) throw new ApiError(200, FORMAT_ERROR_MESSAGE, CLIENT_ERROR_CODES.badResponse);
  return { writer: data.writer, webSearch: data.webSearch === true };
}
