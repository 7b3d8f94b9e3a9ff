import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DomainEvent } from '@kickback/contracts';
import { DomainEventHandlers, type DomainEventHandler } from '@kickback/platform';
import { UsersService } from './users.service';

/** `user.logged-in` → last seen and login count. */
@Injectable()
export class LastSeenHandler implements DomainEventHandler<'user.logged-in'>, OnModuleInit {
  readonly consumer = 'identity.last-seen';
  readonly type = 'user.logged-in' as const;

  constructor(
    private readonly handlers: DomainEventHandlers,
    private readonly users: UsersService,
  ) {}

  onModuleInit(): void {
    this.handlers.register(this);
  }

  handle(event: DomainEvent<'user.logged-in'>, tx: EntityManager): Promise<void> {
    return this.users.applyLogin(tx, event.payload.userId, event.payload.at);
  }
}
