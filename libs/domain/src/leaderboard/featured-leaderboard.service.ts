import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { overlayRoom } from '@kickback/contracts/realtime';
import { AuditLogService, RealtimeEmitter, unprocessable } from '@kickback/platform';
import { chooseFeaturedLeaderboard, featurablePlatform, resolveFeaturedLeaderboard } from './featured-leaderboard.repository';

const NOT_FEATURABLE = 'Only an active leaderboard can go on stream.';

/**
 * The leaderboard on stream: the board the leaderboard overlay shows, chosen on Go live (a streamer with several
 * casino partners shows the one they are playing on); without a choice, the first board the site shows.
 */
@Injectable()
export class FeaturedLeaderboardService {
  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditLogService,
    private readonly realtime: RealtimeEmitter,
  ) {}

  platform(): Promise<{ id: number; slug: string } | null> {
    return resolveFeaturedLeaderboard(this.em.fork());
  }

  /** Puts the platform's board on stream (audited) and tells the leaderboard overlays to show it. */
  async choose(actorId: number, id: number): Promise<number> {
    await this.em.fork().transactional(async (tx) => {
      if (!(await featurablePlatform(tx, id))) throw unprocessable(NOT_FEATURABLE, { id: [NOT_FEATURABLE] });
      const before = await chooseFeaturedLeaderboard(tx, id);
      await this.audit.record(tx, {
        actorId,
        action: 'featured.leaderboard',
        entity: 'leaderboard_platform',
        entityId: id,
        before,
        after: id,
      });
    });
    this.realtime.toRoom(overlayRoom('leaderboard'), 'overlay:featured', { kind: 'leaderboard', id });
    return id;
  }
}
