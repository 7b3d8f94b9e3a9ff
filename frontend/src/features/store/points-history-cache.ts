import type { LedgerEntry, PointsHistory } from '@kickback/contracts';

/**
 * A new ledger row (from a redemption's answer or a user:points push) on the first page of the member's history:
 * newest first, the page keeps its length, the totals grow. Applied once per row id, so the answer and the push of the
 * same change do not list it twice. Returns false when the row could not be placed (a later page: its rows shift).
 */
export function applyLedgerEntry(draft: PointsHistory, page: number, balance: number, entry: LedgerEntry): boolean {
  if (page !== 1) return false;
  draft.balance = balance;
  if (draft.entries.some((e) => e.id === entry.id)) return true;
  draft.entries.unshift(entry);
  draft.entries.sort((a, b) => b.id - a.id);
  const { per_page: perPage } = draft.pagination;
  draft.entries.length = Math.min(draft.entries.length, perPage);
  draft.pagination.total += 1;
  draft.pagination.last_page = Math.max(1, Math.ceil(draft.pagination.total / perPage));
  return true;
}
