import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DomainEventMap, DomainEventType } from '@kickback/contracts';

/**
 * Writes a domain event in the caller's transaction, so the event exists exactly when the
 * change that caused it was committed. The worker's relay publishes it afterwards.
 */
@Injectable()
export class OutboxService {
  async add<T extends DomainEventType>(em: EntityManager, type: T, payload: DomainEventMap[T]): Promise<void> {
    await em.execute('insert into outbox_events (type, payload) values (?, ?::jsonb)', [type, JSON.stringify(payload)]);
  }
}
