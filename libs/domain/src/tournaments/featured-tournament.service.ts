import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AuditLogService, RealtimeEmitter } from '@kickback/platform';
import { announceOnStream, putOnStream } from '../featured/put-on-stream';
import { featurableTournament, resolveFeaturedTournament } from './featured-tournament.repository';

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

  /** Tells the bracket overlays which tournament is on stream now: after one was created, made (in)active, deleted, archived or restored. */
  async announce(): Promise<void> {
    announceOnStream(this.realtime, 'tournament', await this.tournamentId());
  }

  /** Puts the tournament on stream (audited) and tells the bracket overlays to load it. */
  async choose(actorId: number, id: number): Promise<number> {
    await putOnStream(this.em, this.audit, this.realtime, {
      actorId,
      kind: 'tournament',
      entity: 'tournament',
      id,
      featurable: (tx) => featurableTournament(tx, id),
      refusal: 'Only an active tournament can go on stream.',
    });
    return id;
  }
}
