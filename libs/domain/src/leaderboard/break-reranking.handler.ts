import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { DomainEvent } from '@kickback/contracts';
import { DomainEventHandlers } from '@kickback/platform';
import { LeaderboardCacheService } from './leaderboard-cache.service';
import { listPlatforms } from './leaderboard-platforms.repository';

/** A break that starts or ends re-ranks every active board, so a member on a break is never ranked where they play. */
@Injectable()
export class BreakReranking implements OnModuleInit {
  constructor(
    private readonly handlers: DomainEventHandlers,
    private readonly em: EntityManager,
    private readonly cache: LeaderboardCacheService,
  ) {}

  onModuleInit(): void {
    for (const type of ['safety.break-started', 'safety.break-ended'] as const)
      this.handlers.register({
        consumer: `leaderboard.rerank-on-${type.slice('safety.'.length)}`,
        type,
        afterCommit: (_event: DomainEvent<typeof type>) => this.rerank(),
      });
  }

  private async rerank(): Promise<void> {
    const platforms = await listPlatforms(this.em.fork(), true);
    await this.cache.publish(platforms.map((p) => p.id));
  }
}
