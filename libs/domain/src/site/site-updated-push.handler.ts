import { SITE_ROOM } from '@kickback/contracts';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DomainEventHandlers, RealtimeEmitter, VersionedAnswerCache } from '@kickback/platform';
import type { DomainEvent } from '@kickback/contracts';
import { SITE_ANSWERS } from './site-cache';

const CHANGED_ANSWER = {
  'site.settings-updated': SITE_ANSWERS.settings,
  'site.affiliates-updated': SITE_ANSWERS.affiliates,
} as const;

/**
 * Tells open pages that settings or affiliates changed so they refetch (theme, names, cards). The shared answer's version
 * is bumped first: the api bumps it only after its commit, and this can run in between, when the pages' refetch would
 * get the old answer.
 */
@Injectable()
export class SiteUpdatedPushHandler implements OnModuleInit {
  constructor(
    private readonly handlers: DomainEventHandlers,
    private readonly realtime: RealtimeEmitter,
    private readonly answers: VersionedAnswerCache,
  ) {}

  onModuleInit(): void {
    for (const type of ['site.settings-updated', 'site.affiliates-updated'] as const) {
      this.handlers.register({
        consumer: `site.push.${type}`,
        type,
        afterCommit: async (event: DomainEvent<typeof type>) => {
          await this.answers.invalidate(CHANGED_ANSWER[type]);
          this.realtime.toRoom(SITE_ROOM, 'site:updated', { at: event.payload.at });
        },
      });
    }
  }
}
