import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DomainEvent } from '@kickback/contracts';
import { DomainEventHandlers, type DomainEventHandler } from '@kickback/platform';
import { PointsImportService } from './points-import.service';

/** `user.logged-in` → imported points waiting for this member's Kick name are credited (the first login after the import). */
@Injectable()
export class WaitingPointsHandler implements DomainEventHandler<'user.logged-in'>, OnModuleInit {
  readonly consumer = 'points-import.waiting';
  readonly type = 'user.logged-in' as const;

  constructor(
    private readonly handlers: DomainEventHandlers,
    private readonly imports: PointsImportService,
  ) {}

  onModuleInit(): void {
    this.handlers.register(this);
  }

  handle(event: DomainEvent<'user.logged-in'>, tx: EntityManager): Promise<void> {
    return this.imports.creditWaiting(tx, event.payload.userId);
  }
}
