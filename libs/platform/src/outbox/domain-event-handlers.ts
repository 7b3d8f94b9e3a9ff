import { Injectable } from '@nestjs/common';
import type { DomainEvent, DomainEventType } from '@kickback/contracts';
import type { EntityManager } from '@mikro-orm/postgresql';

export interface DomainEventHandler<T extends DomainEventType = DomainEventType> {
  /** Unique per handler: it names the consumer in processed_events. */
  consumer: string;
  type: T;
  /** Runs in a transaction together with the processed-event row (exactly-once effect). */
  handle(event: DomainEvent<T>, tx: EntityManager): Promise<void>;
  /** Side effects outside the database (socket pushes) that may repeat harmlessly; run after commit. */
  afterCommit?(event: DomainEvent<T>): Promise<void>;
}

/** Features register their handlers here at module init; the worker's processor dispatches by type. */
@Injectable()
export class DomainEventHandlers {
  private readonly byType = new Map<string, DomainEventHandler[]>();

  register<T extends DomainEventType>(handler: DomainEventHandler<T>): void {
    const list = this.byType.get(handler.type) ?? [];
    if (list.some((h) => h.consumer === handler.consumer)) throw new Error(`Duplicate consumer ${handler.consumer}`);
    list.push(handler as unknown as DomainEventHandler);
    this.byType.set(handler.type, list);
  }

  for(type: string): DomainEventHandler[] {
    return this.byType.get(type) ?? [];
  }
}
