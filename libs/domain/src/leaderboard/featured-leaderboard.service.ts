import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AuditLogService, RealtimeEmitter } from '@kickback/platform';
import { announceOnStream, putOnStream } from '../featured/put-on-stream';
import { featurablePlatform, resolveFeaturedLeaderboard } from './featured-leaderboard.repository';

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

  /** Tells the leaderboard overlays which board is on stream now: after a board was added, made (in)active or removed. */
  async announce(): Promise<void> {
    announceOnStream(this.realtime, 'leaderboard', (await this.platform())?.id ?? null);
  }

  /** Puts the platform's board on stream (audited) and tells the leaderboard overlays to show it. */
  async choose(actorId: number, id: number): Promise<number> {
    await putOnStream(this.em, this.audit, this.realtime, {
      actorId,
      kind: 'leaderboard',
      entity: 'leaderboard_platform',
      id,
      featurable: (tx) => featurablePlatform(tx, id),
      refusal: 'Only an active leaderboard can go on stream.',
    });
    return id;
  }
}
