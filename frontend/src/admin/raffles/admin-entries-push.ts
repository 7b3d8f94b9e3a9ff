import { fromRaffleEntryPush, type AdminRaffleEntry, type AdminRaffleEntryList, type RaffleEntriesPush } from '@kickback/contracts';

/**
 * Merges a room push into one cached page of the admin's entry list (newest rows first). Rows on the page keep the
 * higher ticket count; the tickets total follows the raffle's. Only the first page can tell a new row from one on
 * another page (a new row is newer than its newest), so only it takes new rows on top and counts them; later pages
 * shift by that many rows and are read again with Refresh.
 *
 * Returns false when the push left changed rows out (it carries the newest page only): the page may then miss rows
 * and its row count is unknown, so the caller reads it again.
 */
export function mergeEntriesPush(list: AdminRaffleEntryList, push: RaffleEntriesPush): boolean {
  list.tickets_total = Math.max(list.tickets_total, push.total_entries);
  if (push.omitted > 0) return false;
  if (push.entries.length === 0) return true;
  const receivedAt = new Date().toISOString();
  const indexById = new Map(list.data.map((e, i) => [e.id, i]));
  const newest = list.data[0]?.id ?? 0;
  const added = new Map<number, AdminRaffleEntry>();
  for (const pushed of push.entries) {
    const entry = fromRaffleEntryPush(pushed, receivedAt);
    const index = indexById.get(entry.id);
    if (index !== undefined) {
      if (list.data[index]!.tickets < entry.tickets) list.data[index] = { ...list.data[index]!, tickets: entry.tickets };
    } else if (list.pagination.current_page === 1 && entry.id > newest) {
      if ((added.get(entry.id)?.tickets ?? 0) < entry.tickets) added.set(entry.id, { ...entry, points_spent: 0 });
    }
  }
  if (!added.size) return true;
  const newRows = [...added.values()].sort((a, b) => b.id - a.id);
  list.data = [...newRows, ...list.data].slice(0, list.pagination.per_page);
  list.pagination.total += newRows.length;
  list.pagination.last_page = Math.max(1, Math.ceil(list.pagination.total / list.pagination.per_page));
  return true;
}
