import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { DomainEvent } from '@kickback/contracts';
import { DomainEventHandlers } from '@kickback/platform';
import { ChatCommandsService } from './chat-commands.service';

/**
 * Answers chat commands from the queue (the outbox relay's domain-event jobs), never inside the webhook's answer: a
 * job that could not reach Kick throws and is retried with backoff; one Kick may have acted on is not sent again.
 */
@Injectable()
export class ChatCommandsHandler implements OnModuleInit {
  constructor(
    private readonly handlers: DomainEventHandlers,
    private readonly commands: ChatCommandsService,
  ) {}

  onModuleInit(): void {
    this.handlers.register({
      consumer: 'activity.chat-command-reply',
      type: 'activity.chat-command',
      afterCommit: async (event: DomainEvent<'activity.chat-command'>) => void (await this.commands.answer(event.payload, event.id)),
    });
  }
}
