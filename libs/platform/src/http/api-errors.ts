import { HttpException, HttpStatus } from '@nestjs/common';
import { fail } from './envelope';

/** Errors a service may throw; the exception filter turns them into the SPEC envelope. */
export class ApiError extends HttpException {
  constructor(status: number, message: string, errors?: Record<string, string[]>) {
    super(fail(message, errors), status);
  }
}

export const badRequest = (message: string, errors?: Record<string, string[]>) => new ApiError(HttpStatus.BAD_REQUEST, message, errors);
export const unauthorized = (message = 'You must be logged in.') => new ApiError(HttpStatus.UNAUTHORIZED, message);
export const forbidden = (message = 'You are not allowed to do that.') => new ApiError(HttpStatus.FORBIDDEN, message);
export const notFound = (message = 'Not found.') => new ApiError(HttpStatus.NOT_FOUND, message);
export const conflict = (message: string) => new ApiError(HttpStatus.CONFLICT, message);
export const unprocessable = (message: string, errors?: Record<string, string[]>) =>
  new ApiError(HttpStatus.UNPROCESSABLE_ENTITY, message, errors);

/**
 * A refusal answered like any other of its status, but counted as malformed against the client that caused it
 * (api-exception.filter.ts marks it for the refusal count before Nest): what no page sends, or sends again after being
 * told to stop.
 */
export abstract class CountedAsMalformed extends ApiError {}

/**
 * A 422 for input no page of the site sends (an array past its bound, a field the route does not declare, more values
 * than can be scanned).
 */
export class MalformedInputError extends CountedAsMalformed {
  constructor(message: string, errors?: Record<string, string[]>) {
    super(HttpStatus.UNPROCESSABLE_ENTITY, message, errors);
  }
}
export const malformedInput = (message: string, errors?: Record<string, string[]>) => new MalformedInputError(message, errors);

/**
 * A 429 for a request repeated after the client was told to stop (a password guess after the lockout): one that keeps
 * insisting is held after a few more tries instead of after thirty fully served ones.
 */
export class InsistentRequestError extends CountedAsMalformed {
  constructor(message: string) {
    super(HttpStatus.TOO_MANY_REQUESTS, message);
  }
}
export const insistentRequest = (message: string) => new InsistentRequestError(message);

/** Where the answer to a request says it refused malformed or insistent input (res.locals), for the refusal count before Nest. */
export const MALFORMED_INPUT_LOCAL = 'malformedInput';
export const tooManyRequests = (message = 'Too many requests. Please slow down and try again shortly.') =>
  new ApiError(HttpStatus.TOO_MANY_REQUESTS, message);
