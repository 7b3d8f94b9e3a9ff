import { Injectable } from '@nestjs/common';
import type { DomainEvent } from '@kickback/contracts';
import { DomainEventHandlers } from './domain-event-handlers';
import { ProcessedEventsService } from './processed-events.service';

/** Applies one event to every registered handler, each at most once. */
@Injectable()
export class DomainEventDispatcher {
  constructor(
    private readonly handlers: DomainEventHandlers,
    private readonly processed: ProcessedEventsService,
  ) {}

  async dispatch(event: DomainEvent): Promise<number> {
    let applied = 0;
    for (const handler of this.handlers.for(event.type)) {
      const ran = await this.processed.runOnce(handler.consumer, event.id, (tx) => handler.handle(event, tx));
      if (ran) applied++;
      if (handler.afterCommit) await handler.afterCommit(event);
    }
    return applied;
  }
}
