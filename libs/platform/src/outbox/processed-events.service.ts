import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';

/**
 * Runs a consumer's effect at most once per event: the bookkeeping row and the effect
 * commit together, so a redelivered event finds the row and does nothing.
 */
@Injectable()
export class ProcessedEventsService {
  constructor(private readonly em: EntityManager) {}

  async runOnce(consumer: string, eventId: string, effect: (tx: EntityManager) => Promise<void>): Promise<boolean> {
    return this.em.fork().transactional(async (tx) => {
      const inserted: unknown[] = await tx.execute(
        'insert into processed_events (consumer, event_id) values (?, ?) on conflict do nothing returning event_id',
        [consumer, eventId],
      );
      if (inserted.length === 0) return false;
      await effect(tx);
      return true;
    });
  }
}
