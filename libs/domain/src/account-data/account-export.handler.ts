import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DomainEvent } from '@kickback/contracts';
import { DomainEventHandlers } from '@kickback/platform';
import { AccountExportService } from './account-export.service';

/** `account.export-requested` → the archive, built once with the event's processed row, then pushed to the member. */
@Injectable()
export class AccountExportHandler implements OnModuleInit {
  constructor(
    private readonly handlers: DomainEventHandlers,
    private readonly exports: AccountExportService,
  ) {}

  onModuleInit(): void {
    this.handlers.register({
      consumer: 'account-data.build-export',
      type: 'account.export-requested',
      handle: (event: DomainEvent<'account.export-requested'>, tx: EntityManager) =>
        this.exports.build(tx, event.payload.exportId, event.payload.userId),
      afterCommit: (event: DomainEvent<'account.export-requested'>) => this.exports.pushLatest(event.payload.userId),
    });
  }
}
