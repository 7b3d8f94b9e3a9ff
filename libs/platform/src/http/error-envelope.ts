import { HttpException, HttpStatus } from '@nestjs/common';
import { NotFoundError, UniqueConstraintViolationException } from '@mikro-orm/core';
import { ThrottlerException } from '@nestjs/throttler';
import type { ApiFailure } from '@kickback/contracts';
import { fail } from './envelope';
import { isBackendOutage } from './backend-outage';

const DEFAULT_MESSAGES: Record<number, string> = {
  400: 'Bad request.',
  401: 'You must be logged in.',
  403: 'You are not allowed to do that.',
  404: 'Not found.',
  405: 'Method not allowed.',
  409: 'That conflicts with the current state.',
  413: 'The request is too large.',
  415: 'Unsupported content type.',
  422: 'The given data was invalid.',
  429: 'Too many requests. Please slow down and try again shortly.',
};

export interface ErrorAnswer {
  status: number;
  body: ApiFailure;
}

export const TOO_MANY_REQUESTS: ErrorAnswer = { status: 429, body: fail(DEFAULT_MESSAGES[429]!) };
/** PostgreSQL or Redis is unreachable for a moment: nothing was done, the client may retry. */
export const SERVICE_UNAVAILABLE: ErrorAnswer = {
  status: HttpStatus.SERVICE_UNAVAILABLE,
  body: fail('The service is briefly unavailable. Please try again in a moment.'),
};
export const INTERNAL_ERROR: ErrorAnswer = {
  status: HttpStatus.INTERNAL_SERVER_ERROR,
  body: fail('Something went wrong on our side. Please try again.'),
};

/**
 * The SPEC envelope and status for an error we know how to explain (HTTP and socket answers alike);
 * null for anything else, which the caller logs and answers with INTERNAL_ERROR.
 */
export function errorEnvelope(exception: unknown): ErrorAnswer | null {
  if (exception instanceof ThrottlerException) return TOO_MANY_REQUESTS;
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    if (typeof response === 'object' && response && 'success' in response) return { status, body: response as ApiFailure };
    return { status, body: fail(DEFAULT_MESSAGES[status] ?? exception.message) };
  }
  if (exception instanceof NotFoundError) return { status: 404, body: fail(DEFAULT_MESSAGES[404]!) };
  if (exception instanceof UniqueConstraintViolationException) return { status: 409, body: fail(DEFAULT_MESSAGES[409]!) };
  if (isBackendOutage(exception)) return SERVICE_UNAVAILABLE;
  const bodyParserStatus = bodyParserErrorStatus(exception);
  if (bodyParserStatus) {
    const message = bodyParserStatus === 400 ? 'The request body is not valid JSON.' : DEFAULT_MESSAGES[bodyParserStatus];
    return { status: bodyParserStatus, body: fail(message ?? 'Bad request.') };
  }
  return null;
}

/** body-parser and multer errors carry a status (or a code) but are not HttpExceptions. */
function bodyParserErrorStatus(err: unknown): number | null {
  if (typeof err !== 'object' || err === null) return null;
  const e = err as { status?: unknown; statusCode?: unknown; code?: unknown; type?: unknown };
  if (e.code === 'LIMIT_FILE_SIZE' || e.code === 'LIMIT_FIELD_VALUE') return 413;
  if (typeof e.code === 'string' && e.code.startsWith('LIMIT_')) return 422;
  const status = typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : null;
  return status && status >= 400 && status < 500 ? status : null;
}
