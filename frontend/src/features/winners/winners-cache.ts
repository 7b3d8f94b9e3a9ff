import type { Pagination, RecentWinner, WinnerSource, WinnersNewPush } from '@kickback/contracts';

export interface RecentWinnersPage {
  data: RecentWinner[];
  pagination: Pagination;
  /** A later page whose rows shifted under a push: read again when it is next opened (set only in the browser). */
  stale?: boolean;
}

export interface RecentWinnersArgs {
  page: number;
  source: WinnerSource | null;
}

/** GET /api/r/winners's order (winners.repository.ts): newest first, then source, subject, place and id. */
export function compareWinners(a: RecentWinner, b: RecentWinner): number {
  if (a.won_at !== b.won_at) return a.won_at < b.won_at ? 1 : -1;
  if (a.source !== b.source) return a.source < b.source ? -1 : 1;
  return b.subject.id - a.subject.id || a.position - b.position || b.id - a.id;
}

/**
 * A 'winners:new' push on one cached page of the list. Rows outside the page's source filter change nothing. The
 * first page takes the new rows in the list's order (pushing its last rows to the next page) and drops the removed
 * ones; a later page's rows shift, so it is only marked stale. Both keep the pager's total. Answers 'short' when the
 * first page lost a row to a removal and the next page's first row, which the push does not carry, belongs on it.
 */
export function applyWinnersPush(
  draft: RecentWinnersPage,
  args: RecentWinnersArgs,
  push: WinnersNewPush,
): 'unchanged' | 'patched' | 'short' {
  const shown = (source: WinnerSource) => args.source === null || args.source === source;
  const removed = new Set(push.removed.filter((r) => shown(r.source)).map((r) => r.id));
  const listed = new Set(draft.data.map((w) => w.id));
  // A repeated push (delivery is at least once) finds its rows already listed.
  const fresh = push.winners.filter((w) => shown(w.source) && !removed.has(w.id) && !listed.has(w.id));
  if (fresh.length === 0 && removed.size === 0) return 'unchanged';

  const { pagination } = draft;
  pagination.total = Math.max(0, pagination.total + fresh.length - removed.size);
  pagination.last_page = Math.max(1, Math.ceil(pagination.total / pagination.per_page));
  if (args.page !== 1) {
    draft.stale = true;
    return 'patched';
  }
  draft.data = [...draft.data.filter((w) => !removed.has(w.id)), ...fresh].sort(compareWinners).slice(0, pagination.per_page);
  return draft.data.length < Math.min(pagination.per_page, pagination.total) ? 'short' : 'patched';
}
