/** BullMQ queue names. One queue carries every domain event from the outbox relay. */
export const QUEUES = {
  domainEvents: 'domain-events',
  /** Delayed per-raffle jobs: 'start' (push the status change) and 'draw' at the end time, plus a repeatable sweep. */
  raffleDraws: 'raffle-draws',
  /** One repeatable job scheduler per leaderboard platform (id `leaderboard-platform:{id}`). */
  leaderboardRefresh: 'leaderboard-refresh',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
