import type { FastifyRequest } from 'fastify';
import type { AppError } from '../errors.js';

/**
 * API.md keeps each call's own error shape: the account service and most content calls answer
 * `{success:false, msg, message}`, the generation calls `{status:'error', code, error, message}`.
 * A route picks its shape with `config: { errorShape: 'status' }`; the default is 'success'.
 */
export type ErrorShape = 'success' | 'status';

declare module 'fastify' {
  interface FastifyContextConfig {
    errorShape?: ErrorShape;
  }
}

export function errorShapeOf(request: FastifyRequest): ErrorShape {
  return request.routeOptions.config?.errorShape ?? 'success';
}

export function errorBody(shape: ErrorShape, error: AppError): Record<string, unknown> {
  if (shape === 'status') {
    return {
      status: 'error',
      code: error.status,
      errorCode: error.code,
      error: error.userMessage,
      message: error.userMessage,
      ...error.details,
    };
  }
  return { success: false, msg: error.userMessage, message: error.userMessage, code: error.code, ...error.details };
}
