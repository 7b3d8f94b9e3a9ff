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
  /** A member redeemed a store item; the worker fulfils it (codes) or tells admins (manual). */
  'redemption.created': { redemptionId: number; userId: number; itemId: number };
  /** An admin processed or refunded a redemption; the member's list updates live. */
  'redemption.updated': { redemptionId: number; userId: number; itemId: number; status: 'processed' | 'refunded' };
  /** An admin changed an item's stock or availability; open store pages update the count. */
  'store.item-changed': { itemId: number };
}

export type DomainEventType = keyof DomainEventMap;

export interface DomainEvent<T extends DomainEventType = DomainEventType> {
  /** The outbox row id; consumers use it to apply an event at most once. */
  id: string;
  type: T;
  payload: DomainEventMap[T];
  createdAt: string;
}
