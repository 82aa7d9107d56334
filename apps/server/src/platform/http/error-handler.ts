import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { AppError } from '../errors.js';
import { errorBody, errorShapeOf } from './error-shape.js';

/** Turns anything thrown in a handler into an AppError; the one place that knows other errors. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) {
    const first = error.issues[0];
    // Schemas carry Chinese messages where a user can hit them; fall back to a generic one.
    const message = first?.message && /[\u4e00-\u9fff]/.test(first.message) ? first.message : '请求参数有误';
    return new AppError('BAD_REQUEST', message, { internal: error.message });
  }
  const fastifyError = error as Partial<FastifyError>;
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('BAD_REQUEST', '请求体不是有效的 JSON', { cause: error });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', undefined, { cause: error });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', undefined, { cause: error });
    // Path parameters over Fastify's 100-character cap, and URLs that do not decode (frameworkErrors in app.ts).
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppError('BAD_REQUEST', '请求地址过长', { cause: error });
    case 'FST_ERR_BAD_URL':
      return new AppError('BAD_REQUEST', '请求地址无效', { cause: error });
    case 'FST_ERR_VALIDATION':
      return new AppError('BAD_REQUEST', undefined, { cause: error });
  }
  const status = fastifyError.statusCode ?? 500;
  if (status === 429) return new AppError('RATE_LIMITED', undefined, { cause: error });
  if (status === 413) return new AppError('PAYLOAD_TOO_LARGE', undefined, { cause: error });
  if (status === 404) return new AppError('NOT_FOUND', undefined, { cause: error });
  if (status >= 400 && status < 500) return new AppError('BAD_REQUEST', undefined, { cause: error });
  return new AppError('INTERNAL', undefined, { cause: error, internal: fastifyError.message });
}

export function sendAppError(request: FastifyRequest, reply: FastifyReply, appError: AppError): FastifyReply {
  if (appError.retryAfter !== undefined) reply.header('Retry-After', String(appError.retryAfter));
  return reply.status(appError.status).send(errorBody(errorShapeOf(request), appError));
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: appError.code, reason: appError.message }, 'request refused');
    return sendAppError(request, reply, appError);
  });
}
