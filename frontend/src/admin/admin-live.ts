import type { AdminLiveSection, AdminRaffleTotalsPush } from '@kickback/contracts';
import type { LiveEntry } from '../lib/live-cache';

/**
 * An admin list of live things follows the admin room (every admin socket is in it): a row of its section was
 * created or changed elsewhere (another tab, the worker, a member's entry), so the list reads its page again.
 */
export function onAdminChange<T>(live: LiveEntry<T>, section: AdminLiveSection, refresh: () => void): void {
  live.on('admin:changed', (push) => {
    if (push.section === section) refresh();
  });
}

/** Entry counters of the raffles a list shows, patched in place from the admin room's totals pushes. */
export function patchRaffleTotals(
  raffles: { id: number; total_entries: number; participants_count: number }[],
  push: AdminRaffleTotalsPush,
): void {
  const raffle = raffles.find((r) => r.id === push.raffle_id);
  if (!raffle) return;
  // Pushes of one raffle can overtake each other across replicas; counters only grow.
  raffle.total_entries = Math.max(raffle.total_entries, push.total_entries);
  raffle.participants_count = Math.max(raffle.participants_count, push.participants_count);
}
