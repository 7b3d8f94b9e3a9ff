import type { LedgerEntry, PointsHistory } from '@kickback/contracts';
import { applyLedgerEntry } from './points-history-cache';

const row = (id: number): LedgerEntry => ({
  id,
  delta: 10,
  reason: 'admin.adjust',
  reference: null,
  note: null,
  created_at: '2026-11-24T11:00:00Z',
});
const history = (ids: number[], total: number): PointsHistory => ({
  balance: 100,
  entries: ids.map(row),
  pagination: { current_page: 1, last_page: Math.ceil(total / 2), per_page: 2, total },
});

describe('applyLedgerEntry', () => {
  it('puts a new row first on page 1, keeps the page length and grows the totals', () => {
    const draft = history([4, 3], 4);
    expect(applyLedgerEntry(draft, 1, 110, row(5))).toBe(true);
    expect(draft.entries.map((e) => e.id)).toEqual([5, 4]);
    expect(draft.pagination).toMatchObject({ total: 5, last_page: 3 });
    expect(draft.balance).toBe(110);
  });

  it('lists a row once when the answer and the push both carry it', () => {
    const draft = history([4], 1);
    applyLedgerEntry(draft, 1, 110, row(5));
    applyLedgerEntry(draft, 1, 110, row(5));
    expect(draft.entries.map((e) => e.id)).toEqual([5, 4]);
    expect(draft.pagination.total).toBe(2);
  });

  it('leaves a later page alone (its rows shift) and says so', () => {
    const draft = history([2, 1], 4);
    expect(applyLedgerEntry(draft, 2, 110, row(5))).toBe(false);
    expect(draft.entries.map((e) => e.id)).toEqual([2, 1]);
    expect(draft.pagination.total).toBe(4);
  });
});
