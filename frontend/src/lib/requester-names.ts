import type { SlotRequestEntry } from '@kickback/contracts';

/** A request's first `shown` requesters by name, the rest counted ("Ana, Bo +4"): Go live's row and the next-up overlay. */
export function requesterNames(entry: Pick<SlotRequestEntry, 'requesters' | 'requesters_count'>, shown: number): string {
  const names = entry.requesters.slice(0, shown).join(', ');
  const more = entry.requesters_count - Math.min(entry.requesters.length, shown);
  return more > 0 ? `${names} +${more}` : names;
}
