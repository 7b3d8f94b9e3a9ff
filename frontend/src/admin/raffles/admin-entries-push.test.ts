import { toRaffleEntryPush, type AdminRaffleEntry, type AdminRaffleEntryList, type RaffleEntriesPush } from '@kickback/contracts';
import { mergeEntriesPush } from './admin-entries-push';

const entry = (id: number, name: string, tickets = 1): AdminRaffleEntry => ({
  id,
  entry_type: 'points',
  tickets,
  points_spent: 50,
  created_at: '2026-11-24T10:00:00Z',
  user: { id: id + 1000, username: name, kick_username: null, avatar: null, avatar_url: null },
});

const list = (currentPage: number, data: AdminRaffleEntry[]): AdminRaffleEntryList => ({
  data,
  pagination: { current_page: currentPage, last_page: 2, per_page: 3, total: 5 },
  tickets_total: 9,
});

const push = (totalEntries: number, entries: AdminRaffleEntry[], omitted = 0): RaffleEntriesPush => ({
  raffle_id: 1,
  total_entries: totalEntries,
  participants_count: 3,
  entries: entries.map((e) => toRaffleEntryPush(e, e.id)),
  omitted,
});

describe('mergeEntriesPush', () => {
  it('raises a shown row to its pushed ticket count, never lowers it (a stale push), and follows the tickets total', () => {
    const page = list(1, [entry(5, 'Eve', 2), entry(4, 'Dan', 3)]);
    mergeEntriesPush(page, push(10, [entry(4, 'Dan', 4)]));
    expect(page.data.map((e) => [e.id, e.tickets])).toEqual([
      [5, 2],
      [4, 4],
    ]);
    mergeEntriesPush(page, push(8, [entry(4, 'Dan', 2)]));
    expect(page.data[1]!.tickets).toBe(4);
    expect(page.tickets_total).toBe(10);
    expect(page.pagination.total).toBe(5);
  });

  it('puts new rows on top of page 1, once each even when a push repeats one, capped at a page, and counts them', () => {
    const page = list(1, [entry(5, 'Eve'), entry(4, 'Dan'), entry(3, 'Cat')]);
    mergeEntriesPush(page, push(12, [entry(6, 'Fay'), entry(7, 'Gus', 1), entry(7, 'Gus', 2)]));
    expect(page.data.map((e) => [e.id, e.tickets, e.points_spent])).toEqual([
      [7, 2, 0],
      [6, 1, 0],
      [5, 1, 50],
    ]);
    expect(page.pagination).toEqual({ current_page: 1, last_page: 3, per_page: 3, total: 7 });
  });

  it('asks for the page again after a push that left rows out, keeping the tickets total it carried', () => {
    const page = list(1, [entry(5, 'Eve'), entry(4, 'Dan'), entry(3, 'Cat')]);
    expect(mergeEntriesPush(page, push(40, [entry(60, 'Fay')], 30))).toBe(false);
    expect(page.tickets_total).toBe(40);
    expect(mergeEntriesPush(page, push(41, [entry(61, 'Gus')]))).toBe(true);
  });

  it('adds no rows to a later page, whose rows it cannot place', () => {
    const page = list(2, [entry(2, 'Bob'), entry(1, 'Ann')]);
    mergeEntriesPush(page, push(11, [entry(6, 'Fay'), entry(1, 'Ann', 2)]));
    expect(page.data.map((e) => [e.id, e.tickets])).toEqual([
      [2, 1],
      [1, 2],
    ]);
    expect(page.pagination.total).toBe(5);
  });
});
