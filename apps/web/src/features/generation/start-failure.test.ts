import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../lib/api';
import { startFailure } from './start-outcome';
import { TRACKING_TEXT } from './tracking-texts';

describe('a thrown start call', () => {
  it('is told by its codes when it comes from our server', () => {
    expect(startFailure(new ApiError(0, NETWORK_ERROR_MESSAGE)).message).toBe(TRACKING_TEXT.requestBlocked);
    const limited = startFailure(new ApiError(403, '今天的额度用完了', 'FORBIDDEN', 1006));
    expect(limited.toast).toEqual({ kind: 'info', message: TRACKING_TEXT.limitCaught });
    // A refusal without the business code is an error, whatever words it happens to use.
    const refused = startFailure(new ApiError(400, '请求里的余额不足字段有误', 'BAD_REQUEST'));
    expect(refused.toast).toEqual({ kind: 'error', message: '请求里的余额不足字段有误' });
  });

  it("keeps the spec's wording rules for failures that carry no code", () => {
    expect(startFailure(new TypeError('Network Error')).message).toBe(TRACKING_TEXT.requestBlocked);
    expect(startFailure(new Error('余额不足')).toast.kind).toBe('info');
    expect(startFailure(new Error('出错了')).toast).toEqual({ kind: 'error', message: '出错了' });
  });
});
