import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { DomainEvent } from '@kickback/contracts';
import { DomainEventHandlers } from '@kickback/platform';
import { SlotStatsRepository } from './slot-stats.repository';

/**
 * Keeps each slot's figures in step with the hunts and the played slot requests (never computed on a page's read): any
 * change to a hunt's games or status, or a request played on Go live, recomputes the figures of the slots it touches,
 * from the rows, inside the processed-event transaction. A replayed event recomputes the same figures.
 */
@Injectable()
export class SlotStatsHandler implements OnModuleInit {
  constructor(
    private readonly handlers: DomainEventHandlers,
    private readonly stats: SlotStatsRepository,
  ) {}

  onModuleInit(): void {
    this.handlers.register({
      consumer: 'slots.stats-hunt-completed',
      type: 'hunt.completed',
      handle: (event: DomainEvent<'hunt.completed'>, tx) => this.stats.recomputeForHunt(tx, event.payload.huntId),
    });
    this.handlers.register({
      consumer: 'slots.stats-hunt-game',
      type: 'hunt.game-updated',
      handle: (event: DomainEvent<'hunt.game-updated'>, tx) => this.stats.recomputeForHunt(tx, event.payload.huntId),
    });
    this.handlers.register({
      consumer: 'slots.stats-hunt-updated',
      type: 'hunt.updated',
      handle: async (event: DomainEvent<'hunt.updated'>, tx) => {
        if (event.payload.change === 'games' || event.payload.change === 'status')
          await this.stats.recomputeForHunt(tx, event.payload.huntId);
      },
    });
    this.handlers.register({
      consumer: 'slots.stats-request-played',
      type: 'slot-request.played',
      handle: (event: DomainEvent<'slot-request.played'>, tx) => this.stats.recompute(tx, [event.payload.slotId]),
    });
  }
}
