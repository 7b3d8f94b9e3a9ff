import { fromRaffleEntryPush, type RaffleEntriesPush, type RaffleEntry } from '@kickback/contracts';

/**
 * Merges a push into a cached list of entry rows (the admin's, built by toRow; the public page lists people
 * instead, see features/raffles/raffle-logic.ts); a row seen before keeps the higher ticket count.
 */
export function applyEntriesPush<T extends RaffleEntry = RaffleEntry>(
  entries: T[],
  push: RaffleEntriesPush,
  toRow: (entry: RaffleEntry) => T = (entry) => entry as T,
): void {
  if (push.entries.length === 0) return;
  const receivedAt = new Date().toISOString();
  // One index per push: a burst push carries hundreds of rows into a list of thousands.
  const indexById = new Map(entries.map((e, i) => [e.id, i]));
  for (const pushed of push.entries) {
    const entry = fromRaffleEntryPush(pushed, receivedAt);
    const index = indexById.get(entry.id);
    if (index === undefined) {
      indexById.set(entry.id, entries.length);
      entries.push(toRow(entry));
    } else if (entries[index]!.tickets < entry.tickets) entries[index] = { ...entries[index]!, tickets: entry.tickets };
  }
}
