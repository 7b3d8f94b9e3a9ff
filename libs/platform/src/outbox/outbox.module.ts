import { Global, Module } from '@nestjs/common';
import { OutboxService } from './outbox.service';
import { OutboxEventsRepository } from './outbox-events.repository';
import { DomainEventHandlers } from './domain-event-handlers';
import { ProcessedEventsService } from './processed-events.service';
import { DomainEventDispatcher } from './domain-event-dispatcher.service';

/** Writing side of the event bus plus the handler registry; the relay lives in the worker. */
@Global()
@Module({
  providers: [OutboxService, OutboxEventsRepository, DomainEventHandlers, ProcessedEventsService, DomainEventDispatcher],
  exports: [OutboxService, OutboxEventsRepository, DomainEventHandlers, ProcessedEventsService, DomainEventDispatcher],
})
export class OutboxModule {}
