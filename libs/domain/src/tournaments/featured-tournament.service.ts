import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { overlayRoom } from '@kickback/contracts/realtime';
import { AuditLogService, RealtimeEmitter, unprocessable } from '@kickback/platform';
import { chooseFeaturedTournament, featurableTournament, resolveFeaturedTournament } from './featured-tournament.repository';

const NOT_FEATURABLE = 'Only an active tournament can go on stream.';

/**
 * The tournament on stream: the bracket overlay and Go live's match buttons act on this one, so two active brackets
 * never get mixed up. The admin chooses it on Go live; without a choice it is the newest active tournament.
 */
@Injectable()
export class FeaturedTournamentService {
  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditLogService,
    private readonly realtime: RealtimeEmitter,
  ) {}

  tournamentId(): Promise<number | null> {
    return resolveFeaturedTournament(this.em.fork());
  }

  /** Puts the tournament on stream (audited) and tells the bracket overlays to load it. */
  async choose(actorId: number, id: number): Promise<number> {
    await this.em.fork().transactional(async (tx) => {
      if (!(await featurableTournament(tx, id))) throw unprocessable(NOT_FEATURABLE, { id: [NOT_FEATURABLE] });
      const before = await chooseFeaturedTournament(tx, id);
      await this.audit.record(tx, { actorId, action: 'featured.tournament', entity: 'tournament', entityId: id, before, after: id });
    });
    this.realtime.toRoom(overlayRoom('tournament'), 'overlay:featured', { kind: 'tournament', id });
    return id;
  }
}
