/** The response envelope of every /api/r and /api/admin answer (SPEC §7). */
export interface ApiSuccess<T> {
  success: true;
  data?: T;
  message?: string;
}

export interface ApiFailure {
  success: false;
  message: string;
  /** Field name → messages; the client shows the first one under the field. */
  errors?: Record<string, string[]>;
}

export type ApiEnvelope<T> = ApiSuccess<T> | ApiFailure;

/** Paging block used by paged lists (SPEC §3 "Paging: current_page, last_page"). */
export interface Pagination {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}
