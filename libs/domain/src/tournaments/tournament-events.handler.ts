import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { LIVE_ROOM, tournamentRoom, userRoom, type DomainEvent, type TournamentUpdatedPush } from '@kickback/contracts';
import { DomainEventHandlers, PushCoalescer, RealtimeEmitter, VersionedAnswerCache } from '@kickback/platform';
import { loadDetail, loadStandings, loadTournament } from './tournaments.repository';
import { TournamentPrizesService } from './tournament-prizes.service';
import { FeaturedTournamentService } from './featured-tournament.service';
import { tournamentAnswer } from './tournaments.service';

/**
 * Turns tournament events into pushes to tournament:{id}. State is read fresh after commit, so
 * a late or repeated push never shows older data than the database. The shared page answer is
 * invalidated before each push, so a page that reloads on a push reads what the push announced.
 */
@Injectable()
export class TournamentEventsHandler implements OnModuleInit {
  constructor(
    private readonly handlers: DomainEventHandlers,
    private readonly realtime: RealtimeEmitter,
    private readonly em: EntityManager,
    private readonly prizes: TournamentPrizesService,
    private readonly pushes: PushCoalescer,
    private readonly answers: VersionedAnswerCache,
    private readonly featured: FeaturedTournamentService,
  ) {}

  onModuleInit(): void {
    this.handlers.register({
      consumer: 'tournaments.push-updated',
      type: 'tournament.updated',
      afterCommit: async (event: DomainEvent<'tournament.updated'>) =>
        this.pushUpdated(event.payload.tournamentId, event.payload.change, event.payload.at),
    });
    this.handlers.register({
      consumer: 'tournaments.push-predicted',
      type: 'tournament.predicted',
      afterCommit: async (event: DomainEvent<'tournament.predicted'>) =>
        // A burst of saves (everyone picks when predictions open) becomes a few standings pushes per room.
        this.pushes.request(`${tournamentRoom(event.payload.tournamentId)}:predictions`, () =>
          this.pushUpdated(event.payload.tournamentId, 'prediction', new Date().toISOString()),
        ),
    });
    this.handlers.register({
      consumer: 'tournaments.push-match',
      type: 'tournament.match-decided',
      afterCommit: async (event: DomainEvent<'tournament.match-decided'>) => {
        const { tournamentId, matchIds, at } = event.payload;
        await this.answers.invalidate(tournamentAnswer(tournamentId));
        const detail = await loadDetail(this.em.fork(), tournamentId);
        if (!detail) return;
        this.realtime.toRoom(tournamentRoom(tournamentId), 'tournament:match', {
          tournament_id: tournamentId,
          matches: detail.matches.filter((m) => matchIds.includes(m.id)),
          progress: detail.progress,
          winner: detail.winner,
          at,
        });
        await this.pushUpdated(tournamentId, 'match', at);
        if (detail.completed_at) await this.notifyWinners(tournamentId);
      },
    });
  }

  private async pushUpdated(tournamentId: number, change: TournamentUpdatedPush['change'], at: string): Promise<void> {
    // Picks reach the shared page answer here, at most as often as they are pushed, not once per save.
    await this.answers.invalidate(tournamentAnswer(tournamentId));
    const em = this.em.fork();
    const detail = await loadDetail(em, tournamentId);
    if (!detail) return;
    const { completed_at: _completedAt, ...tournament } = detail;
    this.realtime.toRoom(tournamentRoom(tournamentId), 'tournament:updated', {
      tournament,
      top_predictions: await loadStandings(em, tournamentId),
      change,
      at,
    });
    // Not per prediction window: a burst of picks would have every admin list read its page several times a second.
    if (change !== 'prediction') this.realtime.toRoom(LIVE_ROOM, 'admin:changed', { section: 'tournaments', id: tournamentId });
    // A tournament created, started or ended can change which one is on stream: the bracket overlays follow at once.
    if (change === 'created' || change === 'status') await this.featured.announce();
  }

  private async notifyWinners(tournamentId: number): Promise<void> {
    const em = this.em.fork();
    const tournament = await loadTournament(em, tournamentId);
    if (!tournament) return;
    for (const winner of await this.prizes.winners(em, tournamentId, tournament.prize_points)) {
      this.realtime.toRoom(userRoom(winner.userId), 'user:notification', {
        type: 'success',
        message: `You placed #${winner.rank} in ${tournament.name} and won ${winner.points.toLocaleString('en-US')} points!`,
      });
    }
  }
}
