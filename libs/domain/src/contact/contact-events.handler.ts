import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ADMIN_ROOM, contactNotification, type DomainEvent } from '@kickback/contracts';
import { DomainEventHandlers, RealtimeEmitter } from '@kickback/platform';
import { ContactRepository } from './contact.repository';

/** Admins with the panel open during a stream see new contact messages as they arrive. */
@Injectable()
export class ContactEventsHandler implements OnModuleInit {
  constructor(
    private readonly em: EntityManager,
    private readonly handlers: DomainEventHandlers,
    private readonly realtime: RealtimeEmitter,
    private readonly repository: ContactRepository,
  ) {}

  onModuleInit(): void {
    this.handlers.register({
      consumer: 'contact.notify-admins',
      type: 'contact.message-received',
      afterCommit: (event: DomainEvent<'contact.message-received'>) => this.notify(event.payload.messageId),
    });
  }

  private async notify(messageId: number): Promise<void> {
    const row = await this.repository.find(this.em.fork(), messageId);
    if (!row) return;
    this.realtime.toRoom(ADMIN_ROOM, 'user:notification', {
      type: 'info',
      message: contactNotification(row.name, row.subject),
    });
  }
}
