import type { RaffleEntryPush } from '@kickback/contracts';

/**
 * How a raffle's changed rows wait in the room's pending list (PushCoalescer) until the window's push: the rows one call
 * brings (a whole batch of free entries) as one item, so a burst writes and reads back one list element per batch.
 */
export const pendingItem = (rows: RaffleEntryPush[]): string => JSON.stringify(rows);

/**
 * A pending item's rows. An item holding one row alone is what the release before batched items wrote: a replica of it
 * may still share a room's window with this one during a rolling update.
 */
export function pushedRowsOf(item: string): RaffleEntryPush[] {
  const parsed = JSON.parse(item) as RaffleEntryPush[] | RaffleEntryPush;
  return parsed.length === 0 || Array.isArray(parsed[0]) ? (parsed as RaffleEntryPush[]) : [parsed as RaffleEntryPush];
}
