import { SITE_ROOM } from '@kickback/contracts';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DomainEventHandlers, RealtimeEmitter } from '@kickback/platform';
import type { DomainEvent } from '@kickback/contracts';

/** Tells open pages that settings or affiliates changed so they refetch (theme, names, cards). */
@Injectable()
export class SiteUpdatedPushHandler implements OnModuleInit {
  constructor(
    private readonly handlers: DomainEventHandlers,
    private readonly realtime: RealtimeEmitter,
  ) {}

  onModuleInit(): void {
    for (const type of ['site.settings-updated', 'site.affiliates-updated'] as const) {
      this.handlers.register({
        consumer: `site.push.${type}`,
        type,
        afterCommit: async (event: DomainEvent<typeof type>) => this.realtime.toRoom(SITE_ROOM, 'site:updated', { at: event.payload.at }),
      });
    }
  }
}
