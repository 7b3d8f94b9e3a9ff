import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { ApiFailure } from '@kickback/contracts';

type QueryError = FetchBaseQueryError | SerializedError | undefined | null | unknown;

function failureBody(error: QueryError): Partial<ApiFailure> | null {
  if (typeof error !== 'object' || error === null || !('data' in error)) return null;
  const data = (error as { data: unknown }).data;
  return typeof data === 'object' && data !== null ? (data as Partial<ApiFailure>) : null;
}

/** SPEC §7: a failed call shows the server's message when it gave one, else the screen's own text. */
export function errorMessage(error: QueryError, fallback: string): string {
  const message = failureBody(error)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : fallback;
}

/** First message per field of a 422 answer, keyed by field name. */
export function fieldErrors(error: QueryError): Record<string, string> {
  const errors = failureBody(error)?.errors;
  if (!errors || typeof errors !== 'object') return {};
  const result: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors)) {
    if (Array.isArray(messages) && typeof messages[0] === 'string') result[field] = messages[0];
  }
  return result;
}

export function errorStatus(error: QueryError): number | string | null {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    return (error as { status: number | string }).status;
  }
  return null;
}
