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

type Counted = { id: number; total_entries: number; participants_count: number };

/**
 * The admin room's totals pushes for a list that is also read again when something changes. A read already on its way
 * when a push arrives answers the counters from before it and would put the list back; so the latest push of each
 * raffle is kept, and those that arrived after a read started are applied again to its answer.
 */
export function raffleTotalsFollower<T>(rafflesOf: (data: T) => Counted[]) {
  const latest = new Map<number, { push: AdminRaffleTotalsPush; at: number }>();
  return {
    /** In onCacheEntryAdded: a push patches the list now and is kept for the reads in flight. */
    follow(live: LiveEntry<T>, updateCachedData: (recipe: (data: T) => void) => void): void {
      live.on('admin:raffle-totals', (push) => {
        latest.set(push.raffle_id, { push, at: performance.now() });
        updateCachedData((data) => patchRaffleTotals(rafflesOf(data), push));
      });
    },
    /** In onQueryStarted: once this read's answer is in, the pushes that arrived since it started count again. */
    async reapplyAfter(queryFulfilled: Promise<unknown>, updateCachedData: (recipe: (data: T) => void) => void): Promise<void> {
      const started = performance.now();
      try {
        await queryFulfilled;
      } catch {
        return;
      }
      const since = [...latest.values()].filter((seen) => seen.at >= started);
      if (since.length) updateCachedData((data) => since.forEach(({ push }) => patchRaffleTotals(rafflesOf(data), push)));
    },
  };
}
