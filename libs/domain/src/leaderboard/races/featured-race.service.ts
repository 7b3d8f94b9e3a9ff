import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { RACE_MESSAGES, overlayRoom } from '@kickback/contracts';
import { AuditLogService, RealtimeEmitter } from '@kickback/platform';
import { announceOnStream, putOnStream } from '../../featured/put-on-stream';
import { featurableRace, featuredRaceId } from './featured-race.repository';

/** The race on stream: what the race overlay and the leaderboard overlay's race panel show, chosen on Go live. */
@Injectable()
export class FeaturedRaceService {
  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditLogService,
    private readonly realtime: RealtimeEmitter,
  ) {}

  raceId(): Promise<number | null> {
    return featuredRaceId(this.em.fork());
  }

  /**
   * Tells the race overlays, and the leaderboard overlays that show the race beside their board, which race is on
   * stream now: after a choice, and after a race starts, ends, is cancelled, hidden or deleted.
   */
  async announce(): Promise<void> {
    const id = await this.raceId();
    announceOnStream(this.realtime, 'race', id);
    this.realtime.toRoom(overlayRoom('leaderboard'), 'overlay:featured', { kind: 'race', id });
  }

  async choose(actorId: number, id: number): Promise<number> {
    await putOnStream(this.em, this.audit, this.realtime, {
      actorId,
      kind: 'race',
      entity: 'race',
      id,
      featurable: (tx) => featurableRace(tx, id),
      refusal: RACE_MESSAGES.featureRefused,
    });
    await this.announce();
    return id;
  }
}
