import { Injectable, type OnModuleInit } from '@nestjs/common';
import { userRoom, type DomainEvent } from '@kickback/contracts';
import { DomainEventHandlers, RealtimeEmitter } from '@kickback/platform';

/** Every balance change reaches the member's open pages (points banner, store, raffles). */
@Injectable()
export class PointsPushHandler implements OnModuleInit {
  constructor(
    private readonly handlers: DomainEventHandlers,
    private readonly realtime: RealtimeEmitter,
  ) {}

  onModuleInit(): void {
    this.handlers.register({
      consumer: 'economy.push-points',
      type: 'points.changed',
      afterCommit: async (event: DomainEvent<'points.changed'>) => {
        const { userId, balance, delta, reason, entry } = event.payload;
        this.realtime.toRoom(userRoom(userId), 'user:points', { balance, delta, reason, entry });
      },
    });
  }
}
