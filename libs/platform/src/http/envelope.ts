import type { ApiFailure, ApiSuccess } from '@kickback/contracts';

export function ok<T>(data?: T, message?: string): ApiSuccess<T> {
  const body: ApiSuccess<T> = { success: true };
  if (data !== undefined) body.data = data;
  if (message !== undefined) body.message = message;
  return body;
}

export function fail(message: string, errors?: Record<string, string[]>): ApiFailure {
  return errors ? { success: false, message, errors } : { success: false, message };
}
