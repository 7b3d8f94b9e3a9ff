/**
 * Pushes to the admin room that keep the admin's lists of live things current (raffles, hunts, tournaments) on
 * every admin screen, Go live included, without each list joining the room of every row it shows.
 */
export const ADMIN_LIVE_SECTIONS = ['raffles', 'bonus-hunts', 'tournaments'] as const;
export type AdminLiveSection = (typeof ADMIN_LIVE_SECTIONS)[number];

/** 'admin:changed': a row of the section was created or changed; lists that show it read their page again. */
export interface AdminChangedPush {
  section: AdminLiveSection;
  id: number;
}

/** 'admin:raffle-totals': a raffle's counters after a window of entries (at most one push per raffle per window). */
export interface AdminRaffleTotalsPush {
  raffle_id: number;
  total_entries: number;
  participants_count: number;
}
