import { Injectable } from '@nestjs/common';
import type { DomainEvent } from '@kickback/contracts';
import { DomainEventHandlers, isBatchHandler } from './domain-event-handlers';
import { ProcessedEventsService } from './processed-events.service';

/** Applies events to every registered handler of their type, each event at most once per handler. */
@Injectable()
export class DomainEventDispatcher {
  constructor(
    private readonly handlers: DomainEventHandlers,
    private readonly processed: ProcessedEventsService,
  ) {}

  /** Returns how many handlers applied the event's database effect (0 when each had applied it before). */
  async dispatch(event: DomainEvent): Promise<number> {
    return this.dispatchMany([event]);
  }

  /**
   * Events of one type, as the relay groups them: a batch handler applies all of them in one transaction, any other
   * handler one by one; a push-only handler just pushes. Returns how many (handler, event) database effects were applied.
   */
  async dispatchMany(given: readonly DomainEvent[]): Promise<number> {
    const events = [...new Map(given.map((e) => [e.id, e])).values()];
    const type = events[0]?.type;
    if (!type) return 0;
    if (events.some((e) => e.type !== type)) throw new Error('dispatchMany takes events of one type');
    let applied = 0;
    for (const handler of this.handlers.for(type)) {
      if (isBatchHandler(handler)) {
        const ran = await this.processed.runOnceEach(
          handler.consumer,
          events.map((e) => e.id),
          (tx, fresh) =>
            handler.handleMany(
              events.filter((e) => fresh.has(e.id)),
              tx,
            ),
        );
        applied += ran?.applied ?? 0;
        if (handler.afterCommit) await handler.afterCommit(events, ran?.result);
        continue;
      }
      for (const event of events) {
        if (handler.handle && (await this.processed.runOnce(handler.consumer, event.id, (tx) => handler.handle!(event, tx)))) applied++;
        if (handler.afterCommit) await handler.afterCommit(event);
      }
    }
    return applied;
  }
}
