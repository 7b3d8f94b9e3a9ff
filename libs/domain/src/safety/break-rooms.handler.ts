import { Injectable, type OnModuleInit } from '@nestjs/common';
import { userRoom, type DomainEvent } from '@kickback/contracts';
import { DomainEventHandlers, RealtimeEmitter, type DomainEventHandler } from '@kickback/platform';

/**
 * A break closes the member's live rooms of gambling content in every tab they have open, not only the next page they
 * load: their sockets are disconnected on every api replica, and the reconnection joins again as a member on a break,
 * whom the hunt, tournament, board and race rooms refuse. Their other rooms (points, raffles, the site) come back.
 */
@Injectable()
export class BreakRoomsHandler implements DomainEventHandler<'safety.break-started'>, OnModuleInit {
  readonly consumer = 'safety.close-gambling-rooms';
  readonly type = 'safety.break-started' as const;

  constructor(
    private readonly handlers: DomainEventHandlers,
    private readonly realtime: RealtimeEmitter,
  ) {}

  onModuleInit(): void {
    this.handlers.register(this);
  }

  async afterCommit(event: DomainEvent<'safety.break-started'>): Promise<void> {
    this.realtime.disconnectRoom(userRoom(event.payload.userId));
  }
}
