/** What both ways of entering a raffle (HTTP and the socket) share, so one cannot be looser than the other. */

/** Entries per member per minute on each path: generous for a person, tight for a script. */
export const RAFFLE_ENTER_LIMIT = { limit: 30, ttl: 60_000 };

/** The window of the per-address budget of HTTP entries; its size is RAFFLE_ENTER_PER_ADDRESS_PER_MINUTE. */
export const RAFFLE_ENTER_ADDRESS_TTL_MS = 60_000;

/** Accepted Idempotency-Key values; anything else is ignored (a fresh key per request). */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,80}$/;
