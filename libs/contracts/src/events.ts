/**
 * Domain events written to the outbox in the same transaction as the change that caused
 * them. Names are `feature.past-tense`. Payloads are plain JSON.
 */
export interface DomainEventMap {
  'user.logged-in': { userId: number; at: string };
  'site.settings-updated': { at: string };
  'site.affiliates-updated': { at: string };
  /** Any change of a member's points balance; the worker pushes it to the member's sockets. */
  'points.changed': { userId: number; delta: number; balance: number; reason: string; at: string };
}

export type DomainEventType = keyof DomainEventMap;

export interface DomainEvent<T extends DomainEventType = DomainEventType> {
  /** The outbox row id; consumers use it to apply an event at most once. */
  id: string;
  type: T;
  payload: DomainEventMap[T];
  createdAt: string;
}
