import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { shouldRetryRead } from './query-client';

describe('shouldRetryRead', () => {
  it('tries a network failure or a server error again, twice at most', () => {
    expect(shouldRetryRead(0, new ApiError(0, '网络错误'))).toBe(true);
    expect(shouldRetryRead(1, new ApiError(502, 'HTTP 502'))).toBe(true);
    expect(shouldRetryRead(2, new ApiError(503, 'HTTP 503'))).toBe(false);
  });

  it('never tries a refusal again: the server would refuse it again', () => {
    for (const status of [400, 401, 403, 404, 409, 429]) expect(shouldRetryRead(0, new ApiError(status, 'x'))).toBe(false);
    expect(shouldRetryRead(0, new Error('bug'))).toBe(false);
  });
});
