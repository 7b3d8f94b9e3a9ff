import { Injectable } from '@nestjs/common';
import type { DomainEvent, DomainEventType } from '@kickback/contracts';
import type { EntityManager } from '@mikro-orm/postgresql';

export interface DomainEventHandler<T extends DomainEventType = DomainEventType> {
  /** Unique per handler: it names the consumer in processed_events. */
  consumer: string;
  type: T;
  /**
   * Runs in a transaction together with the processed-event row (exactly-once effect). Left out by a consumer whose
   * whole effect is afterCommit (a push): it writes no processed-event row, since a redelivery repeats a push anyway.
   */
  handle?(event: DomainEvent<T>, tx: EntityManager): Promise<void>;
  /** Side effects outside the database (socket pushes) that may repeat harmlessly; run after commit. */
  afterCommit?(event: DomainEvent<T>): Promise<void>;
}

/**
 * A consumer that applies several events of its type at once, in one transaction with their processed-event rows:
 * the work of a busy type (raffle entries during a stream) then costs one job and one transaction per claim of the
 * outbox instead of one per event. It gets a single event as a list of one.
 */
export interface DomainEventBatchHandler<T extends DomainEventType = DomainEventType, R = unknown> {
  consumer: string;
  type: T;
  /** Gets only the events this consumer has not applied yet (never an empty list). */
  handleMany(events: DomainEvent<T>[], tx: EntityManager): Promise<R>;
  /**
   * After commit, with every event of the job; `handled` is what handleMany returned, or undefined when each event
   * had been applied before (a redelivered job), so the effect must be rebuilt from the database.
   */
  afterCommit?(events: DomainEvent<T>[], handled: R | undefined): Promise<void>;
}

export type AnyDomainEventHandler = DomainEventHandler | DomainEventBatchHandler;

export const isBatchHandler = (h: AnyDomainEventHandler): h is DomainEventBatchHandler => 'handleMany' in h;

/** Features register their handlers here at module init; the worker's processors dispatch by type. */
@Injectable()
export class DomainEventHandlers {
  private readonly byType = new Map<string, AnyDomainEventHandler[]>();

  register<T extends DomainEventType, R>(handler: DomainEventHandler<T> | DomainEventBatchHandler<T, R>): void {
    const list = this.byType.get(handler.type) ?? [];
    if (list.some((h) => h.consumer === handler.consumer)) throw new Error(`Duplicate consumer ${handler.consumer}`);
    const added = handler as unknown as AnyDomainEventHandler;
    if (!isBatchHandler(added) && !added.handle && !added.afterCommit) throw new Error(`Consumer ${handler.consumer} does nothing`);
    list.push(added);
    this.byType.set(handler.type, list);
  }

  for(type: string): AnyDomainEventHandler[] {
    return this.byType.get(type) ?? [];
  }

  /** Whether the relay may hand events of this type several to a job: every consumer of it applies batches. */
  batchable(type: string): boolean {
    const list = this.for(type);
    return list.length > 0 && list.every(isBatchHandler);
  }
}
