/** BullMQ queue names. Every domain event from the outbox relay goes to one of the first two. */
export const QUEUES = {
  /** One job per event (`DomainEvent`). */
  domainEvents: 'domain-events',
  /**
   * One job per claim of the outbox and type whose consumers all apply batches (`DomainEventBatch`). A queue of its
   * own so that, during a rolling release, workers of a build before batches never get a job they cannot read.
   */
  domainEventBatches: 'domain-event-batches',
  /** Delayed per-raffle jobs: 'start' (push the status change) and 'draw' at the end time, plus a repeatable sweep. */
  raffleDraws: 'raffle-draws',
  /** Delayed per-contest jobs (id `contest-refund-{id}-{due}`): refund a contest left unresolved 24 h after closing. */
  contestRefunds: 'contest-refunds',
  /** One repeatable job scheduler per leaderboard platform (id `leaderboard-platform:{id}`). */
  leaderboardRefresh: 'leaderboard-refresh',
  /**
   * Races: one job scheduler per race that is not over (`race:{id}`, its platform's refresh interval), delayed 'start'
   * and 'finish' jobs at its start and end, and a repeatable sweep that catches up what a lost job missed.
   */
  races: 'races',
  /** Repeatable upkeep: the hourly purge of relayed outbox events and their processed-event rows. */
  maintenance: 'maintenance',
  /** Repeatable Kick upkeep: reconcile the event subscriptions with Kick's list, refresh the connected account's token. */
  kickUpkeep: 'kick-upkeep',
  /** One job per announcement delivery (id `announcement-delivery-{id}`), retried with backoff; and the delayed raffle-start fan-outs. */
  announcements: 'announcements',
  /** One delayed job per timed break (id `break-end-{id}`) at its end, plus a repeatable sweep for lost ones. */
  memberBreaks: 'member-breaks',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
