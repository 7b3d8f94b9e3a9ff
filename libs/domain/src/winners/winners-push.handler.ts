import { Injectable, type OnModuleInit } from '@nestjs/common';
import { WINNERS_ROOM, type DomainEvent } from '@kickback/contracts';
import { DomainEventHandlers, RealtimeEmitter } from '@kickback/platform';

/** Tells open Recent Winners pages (room 'winners') that a prize was paid, whichever feature paid it. */
@Injectable()
export class WinnersPushHandler implements OnModuleInit {
  constructor(
    private readonly handlers: DomainEventHandlers,
    private readonly realtime: RealtimeEmitter,
  ) {}

  onModuleInit(): void {
    this.handlers.register({
      consumer: 'winners.push',
      type: 'winner.recorded',
      handle: async () => undefined,
      afterCommit: async (event: DomainEvent<'winner.recorded'>) =>
        this.realtime.toRoom(WINNERS_ROOM, 'winners:new', { source: event.payload.source, at: event.payload.at }),
    });
  }
}
