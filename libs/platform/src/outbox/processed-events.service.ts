import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { OutboxEventsRepository } from './outbox-events.repository';

/**
 * Runs a consumer's effect at most once per event: the bookkeeping row and the effect
 * commit together, so a redelivered event finds the row and does nothing.
 */
@Injectable()
export class ProcessedEventsService {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: OutboxEventsRepository,
  ) {}

  async runOnce(consumer: string, eventId: string, effect: (tx: EntityManager) => Promise<void>): Promise<boolean> {
    return (await this.runOnceEach(consumer, [eventId], (tx) => effect(tx))) !== null;
  }

  /**
   * The same for several events in one transaction: the effect gets the ids not applied before and runs only if there
   * are some. Returns its result and how many events it covered, or null when every event had been applied.
   */
  async runOnceEach<R>(
    consumer: string,
    eventIds: readonly string[],
    effect: (tx: EntityManager, fresh: ReadonlySet<string>) => Promise<R>,
  ): Promise<{ result: R; applied: number } | null> {
    return this.em.fork().transactional(async (tx) => {
      const inserted = await this.repository.claimProcessed(tx, consumer, eventIds);
      if (inserted.length === 0) return null;
      const fresh = new Set(inserted);
      return { result: await effect(tx, fresh), applied: fresh.size };
    });
  }
}
