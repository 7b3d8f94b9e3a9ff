import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { STAFF_ROOM, ticketCreatedNotification, ticketRepliedNotification, userRoom, type DomainEvent } from '@kickback/contracts';
import { DomainEventHandlers, RealtimeEmitter } from '@kickback/platform';
import { TicketsRepository } from './tickets.repository';

/** Staff with the panel open hear about new tickets; a member hears when support answers. */
@Injectable()
export class TicketEventsHandler implements OnModuleInit {
  constructor(
    private readonly em: EntityManager,
    private readonly handlers: DomainEventHandlers,
    private readonly realtime: RealtimeEmitter,
    private readonly tickets: TicketsRepository,
  ) {}

  onModuleInit(): void {
    this.handlers.register({
      consumer: 'tickets.notify-staff',
      type: 'ticket.created',
      afterCommit: (event: DomainEvent<'ticket.created'>) => this.notifyStaff(event.payload.ticketId),
    });
    this.handlers.register({
      consumer: 'tickets.notify-member',
      type: 'ticket.replied',
      afterCommit: (event: DomainEvent<'ticket.replied'>) => this.notifyMember(event.payload.ticketId, event.payload.isAdmin),
    });
  }

  private async notifyStaff(ticketId: number): Promise<void> {
    const row = await this.tickets.titleAndOwner(this.em.fork(), ticketId);
    if (!row) return;
    this.realtime.toRoom(STAFF_ROOM, 'user:notification', { type: 'info', message: ticketCreatedNotification(ticketId, row.title) });
  }

  private async notifyMember(ticketId: number, isAdmin: boolean): Promise<void> {
    if (!isAdmin) return;
    const row = await this.tickets.titleAndOwner(this.em.fork(), ticketId);
    if (!row) return;
    this.realtime.toRoom(userRoom(row.user_id), 'user:notification', { type: 'info', message: ticketRepliedNotification(ticketId) });
  }
}
