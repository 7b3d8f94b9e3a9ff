/** Jobs of the announcements queue. */
export type AnnouncementJob =
  | { name: 'deliver'; deliveryId: number }
  /** At a raffle's start time: announce it if it did start then (not cancelled or moved meanwhile). */
  | { name: 'raffle-started'; raffleId: number; startsAt: string };

/** Sends per delivery: the first and five retries, waiting ANNOUNCEMENT_RETRY_BASE_MS, then twice as long each time. */
export const DELIVERY_ATTEMPTS = 6;
