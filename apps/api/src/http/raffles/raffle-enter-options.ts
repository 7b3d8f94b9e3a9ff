/** What both ways of entering a raffle (HTTP and the socket) share, so one cannot be looser than the other. */

/** Entries per member per minute on each path: generous for a person, tight for a script. */
export const RAFFLE_ENTER_LIMIT = { limit: 30, ttl: 60_000 };

/**
 * HTTP entries per client address per minute, across its members: a venue or a carrier NAT puts many viewers behind
 * one address, so this only stops one machine driving many accounts.
 */
export const RAFFLE_ENTER_ADDRESS_LIMIT = { limit: 300, ttl: 60_000 };

/** Accepted Idempotency-Key values; anything else is ignored (a fresh key per request). */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,80}$/;
