/** BullMQ queue names. One queue carries every domain event from the outbox relay. */
export const QUEUES = {
  domainEvents: 'domain-events',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
