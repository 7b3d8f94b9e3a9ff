import type Redis from 'ioredis';
import { SITE_ROOM } from '@kickback/contracts';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DomainEventHandlers, InjectRedis, RealtimeEmitter } from '@kickback/platform';
import type { DomainEvent } from '@kickback/contracts';
import { SITE_CACHE_KEYS } from './site-cache';

const STALE_KEY = {
  'site.settings-updated': SITE_CACHE_KEYS.settings,
  'site.affiliates-updated': SITE_CACHE_KEYS.affiliates,
} as const;

/**
 * Tells open pages that settings or affiliates changed so they refetch (theme, names, cards). The cached copy is dropped
 * first: the api drops it only after its commit, and this can run in between, when the pages' refetch would get the
 * old copy and keep it.
 */
@Injectable()
export class SiteUpdatedPushHandler implements OnModuleInit {
  constructor(
    private readonly handlers: DomainEventHandlers,
    private readonly realtime: RealtimeEmitter,
    @InjectRedis() private readonly redis: Redis,
  ) {}

  onModuleInit(): void {
    for (const type of ['site.settings-updated', 'site.affiliates-updated'] as const) {
      this.handlers.register({
        consumer: `site.push.${type}`,
        type,
        afterCommit: async (event: DomainEvent<typeof type>) => {
          await this.redis.del(STALE_KEY[type]);
          this.realtime.toRoom(SITE_ROOM, 'site:updated', { at: event.payload.at });
        },
      });
    }
  }
}
