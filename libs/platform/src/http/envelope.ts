import type { ApiFailure, ApiSuccess, Pagination } from '@kickback/contracts';

export function ok<T>(data?: T, message?: string): ApiSuccess<T> {
  const body: ApiSuccess<T> = { success: true };
  if (data !== undefined) body.data = data;
  if (message !== undefined) body.message = message;
  return body;
}

/**
 * A paged list's answer (SPEC §3): the page's rows and its paging block side by side, beside `success` rather than inside
 * `data`, then any totals the list adds (`new_total`, `pending_total`, `tickets_total`). Only `data` and `pagination` are
 * read from the page, so nothing else a service returns reaches the client unless passed as an extra.
 */
export function paged<T, E extends object = Record<never, never>>(
  page: { data: T[]; pagination: Pagination },
  extra?: E,
): { success: true; data: T[]; pagination: Pagination } & E {
  return { success: true, data: page.data, pagination: page.pagination, ...(extra as E) };
}

export function fail(message: string, errors?: Record<string, string[]>): ApiFailure {
  return errors ? { success: false, message, errors } : { success: false, message };
}
