import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { errorBody } from './error-shape.js';
import { toAppError } from './error-handler.js';

describe('toAppError', () => {
  it('keeps AppErrors as they are', () => {
    const error = new AppError('CONFLICT', '用户名已存在');
    expect(toAppError(error)).toBe(error);
  });

  it('maps body-parser failures to clear Chinese 4xx errors', () => {
    expect(toAppError(Object.assign(new Error('x'), { code: 'FST_ERR_CTP_INVALID_JSON_BODY', statusCode: 400 }))).toMatchObject({
      code: 'BAD_REQUEST',
      userMessage: '请求体不是有效的 JSON',
    });
    expect(toAppError(Object.assign(new Error('x'), { code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 })).status).toBe(413);
    expect(toAppError(Object.assign(new Error('x'), { statusCode: 429 })).code).toBe('RATE_LIMITED');
  });

  it('uses a schema message only when it is Chinese', () => {
    const chinese = z.object({ topic: z.string().min(1, '请输入文章主题') }).safeParse({ topic: '' });
    const english = z.object({ n: z.number() }).safeParse({ n: 'x' });
    expect(toAppError(chinese.error).userMessage).toBe('请输入文章主题');
    expect(toAppError(english.error).userMessage).toBe('请求参数有误');
  });

  it('hides the internals of unexpected errors', () => {
    const mapped = toAppError(new Error('connection to 10.0.0.5 refused, password=hunter2'));
    expect(mapped.status).toBe(500);
    expect(mapped.userMessage).toBe('服务器内部错误，请稍后重试');
  });
});

describe('errorBody', () => {
  it('renders both response shapes of API.md', () => {
    const error = new AppError('NOT_FOUND', '未找到文章');
    expect(errorBody('success', error)).toEqual({ success: false, msg: '未找到文章', message: '未找到文章', code: 'NOT_FOUND' });
    expect(errorBody('status', error)).toEqual({
      status: 'error',
      code: 404,
      errorCode: 'NOT_FOUND',
      error: '未找到文章',
      message: '未找到文章',
    });
  });
});
