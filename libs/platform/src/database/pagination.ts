import type { Pagination } from '@kickback/contracts';

/** The paging block of a list answer (SPEC §3 current_page, last_page): at least one page, even when empty. */
export function pagination(page: number, perPage: number, total: number | string): Pagination {
  const count = Number(total);
  return { current_page: page, last_page: Math.max(1, Math.ceil(count / perPage)), per_page: perPage, total: count };
}
