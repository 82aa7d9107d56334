import { describe, expect, it } from 'vitest';
import { ApiError, FORMAT_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE, REQUEST_FAILED_MESSAGE } from '../../lib/api';
import { failureMessage } from './failure-message';

const wording = { failed: '登录失败', unreachable: '登录失败，请检查输入' };

describe('failureMessage', () => {
  it("shows the server's own message", () => {
    expect(failureMessage(new ApiError(401, '用户名或密码错误'), wording)).toBe('用户名或密码错误');
    expect(failureMessage(new ApiError(429, '验证码发送过于频繁，请42秒后重试'), wording)).toBe('验证码发送过于频繁，请42秒后重试');
  });

  it('uses the page wording when the server refused without a reason', () => {
    expect(failureMessage(new ApiError(200, REQUEST_FAILED_MESSAGE), wording)).toBe('登录失败');
    expect(failureMessage(new ApiError(200, FORMAT_ERROR_MESSAGE), wording)).toBe('登录失败');
  });

  it('uses the unreachable wording for network errors, bare error statuses and exceptions', () => {
    expect(failureMessage(new ApiError(0, NETWORK_ERROR_MESSAGE), wording)).toBe('登录失败，请检查输入');
    expect(failureMessage(new ApiError(502, 'HTTP 502: Bad Gateway'), wording)).toBe('登录失败，请检查输入');
    expect(failureMessage(new TypeError('boom'), wording)).toBe('登录失败，请检查输入');
    expect(failureMessage(new ApiError(0, NETWORK_ERROR_MESSAGE), { failed: '验证码发送失败' })).toBe('验证码发送失败');
  });
});
