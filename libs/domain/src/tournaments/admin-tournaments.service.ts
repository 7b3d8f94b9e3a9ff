import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  contradictedPick,
  type AdminTournament,
  type AdminTournamentCreate,
  type AdminTournamentMatchUpdate,
  type AdminTournamentUpdate,
  type DomainEventMap,
  type TournamentListItem,
} from '@kickback/contracts';
import { LIVE_ROOM } from '@kickback/contracts/realtime';
import {
  AuditLogService,
  OutboxService,
  RealtimeEmitter,
  VersionedAnswerCache,
  conflict,
  notFound,
  unprocessable,
} from '@kickback/platform';
import {
  archiveCompleted,
  archivedTournaments,
  restoreTournament,
  clearMatchWinner,
  completeTournament,
  countPicks,
  deleteTournament,
  emptyNextSlot,
  fillNextSlot,
  insertMatch,
  insertTournament,
  lockMatch,
  lockNextMatch,
  otherRoundOneNames,
  predictorIds,
  renamePicks,
  setMatchWinner,
  updateMatchSlots,
  updateTournament,
  type MatchLockRow,
} from './tournament-writes.repository';
import { loadDetail, loadTournament, loadTournaments, toListItem, type TournamentRow } from './tournaments.repository';
import { TournamentPrizesService } from './tournament-prizes.service';
import { FeaturedTournamentService } from './featured-tournament.service';
import { TOURNAMENT_NOT_FOUND, tournamentAnswer } from './tournaments.service';

type TournamentChange = DomainEventMap['tournament.updated']['change'];

export const roundsOf = (size: number): number => Math.round(Math.log2(size));

/**
 * Everything the admin does to a tournament. Each change locks the tournament row, writes the
 * audit record and an outbox event in the same transaction; the events push to tournament:{id}.
 * Deciding the final completes the tournament and pays its prizes in that same transaction.
 */
@Injectable()
export class AdminTournamentsService {
  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditLogService,
    private readonly outbox: OutboxService,
    private readonly prizes: TournamentPrizesService,
    private readonly answers: VersionedAnswerCache,
    private readonly realtime: RealtimeEmitter,
    private readonly featured: FeaturedTournamentService,
  ) {}

  async list(): Promise<TournamentListItem[]> {
    return (await loadTournaments(this.em.fork())).map(toListItem);
  }

  async detail(id: number): Promise<AdminTournament> {
    return this.detailIn(this.em.fork(), id);
  }

  async create(actorId: number, input: AdminTournamentCreate): Promise<AdminTournament> {
    return this.em.fork().transactional(async (tx) => {
      const id = await insertTournament(tx, {
        name: input.name,
        size: input.size,
        prizePoints: input.prize_points,
        predictionsActive: input.predictions_active,
      });
      // The whole empty bracket exists from the start: round r has size / 2^r matches.
      for (let round = 1; round <= roundsOf(input.size); round += 1) {
        for (let n = 1; n <= input.size / 2 ** round; n += 1) {
          const a = round === 1 ? input.slots[2 * (n - 1)]! : null;
          const b = round === 1 ? input.slots[2 * (n - 1) + 1]! : null;
          await insertMatch(tx, id, round, n, a, b);
        }
      }
      const detail = await this.detailIn(tx, id);
      await this.record(
        tx,
        actorId,
        'tournament.create',
        id,
        null,
        { name: detail.name, size: detail.size, slots: input.slots },
        'created',
      );
      return detail;
    });
  }

  async update(actorId: number, id: number, input: AdminTournamentUpdate): Promise<AdminTournament> {
    return this.changing(id, async (tx) => {
      const before = await this.lock(tx, id);
      const isActive = input.is_active ?? before.is_active;
      // An inactive tournament takes no picks, so deactivating also closes predictions.
      const predictionsActive = isActive ? (input.predictions_active ?? before.predictions_active) : false;
      if (predictionsActive && !before.predictions_active && before.completed_at) {
        throw conflict('This tournament is completed; predictions cannot be reopened.');
      }
      await updateTournament(tx, id, { name: input.name ?? null, prizePoints: input.prize_points ?? null, isActive, predictionsActive });
      const detail = await this.detailIn(tx, id);
      const change: TournamentChange =
        before.predictions_active !== detail.predictions_active
          ? 'predictions'
          : before.is_active !== detail.is_active
            ? 'status'
            : 'settings';
      await this.record(
        tx,
        actorId,
        'tournament.update',
        id,
        {
          name: before.name,
          prize_points: before.prize_points,
          is_active: before.is_active,
          predictions_active: before.predictions_active,
        },
        {
          name: detail.name,
          prize_points: detail.prize_points,
          is_active: detail.is_active,
          predictions_active: detail.predictions_active,
        },
        change,
      );
      return detail;
    });
  }

  async updateMatch(actorId: number, id: number, matchId: number, input: AdminTournamentMatchUpdate): Promise<AdminTournament> {
    return this.changing(id, async (tx) => {
      await this.lock(tx, id);
      const match = await this.lockedMatch(tx, id, matchId);
      const renaming = input.slot1_name !== undefined || input.slot2_name !== undefined;
      if (renaming) {
        if (match.round !== 1) throw conflict('Slot names after round 1 come from the winners and cannot be edited.');
        if (match.winner_name !== null) throw conflict('This match already has a winner; its slots cannot be renamed.');
        const name1 = input.slot1_name ?? match.slot1_name!;
        const name2 = input.slot2_name ?? match.slot2_name!;
        const errors: Record<string, string[]> = {};
        const taken = await otherRoundOneNames(tx, id, matchId);
        if (taken.has(name1.toLowerCase())) errors.slot1_name = ['Each slot may appear only once.'];
        if (taken.has(name2.toLowerCase()) || name1.toLowerCase() === name2.toLowerCase())
          errors.slot2_name = ['Each slot may appear only once.'];
        if (Object.keys(errors).length) throw unprocessable('Each slot may appear only once.', errors);
        await renamePicks(tx, match, name1, name2);
      }
      await updateMatchSlots(tx, matchId, {
        slot1Name: input.slot1_name ?? match.slot1_name,
        slot2Name: input.slot2_name ?? match.slot2_name,
        slot1Multiplier: input.slot1_multiplier === undefined ? match.slot1_multiplier : input.slot1_multiplier,
        slot2Multiplier: input.slot2_multiplier === undefined ? match.slot2_multiplier : input.slot2_multiplier,
      });
      const detail = await this.detailIn(tx, id);
      const after = detail.matches.find((m) => m.id === matchId)!;
      await this.record(tx, actorId, 'tournament.match.update', id, { match: matchOf(match) }, { match: after }, 'match');
      return detail;
    });
  }

  /**
   * Sets (or, while the next round is undecided, corrects) a match winner and moves it into its slot of the next-round
   * match (lockNextMatch). `override`: the admin confirmed a winner with the lower multiplier; without it such a pick is
   * refused.
   */
  async setWinner(actorId: number, id: number, matchId: number, winnerName: string, override = false): Promise<AdminTournament> {
    return this.changing(id, async (tx) => {
      const tournament = await this.lock(tx, id);
      const match = await this.lockedMatch(tx, id, matchId);
      if (match.slot1_name === null || match.slot2_name === null) throw conflict('Both slots must be filled before a winner is set.');
      if (winnerName !== match.slot1_name && winnerName !== match.slot2_name) {
        throw unprocessable('The winner must be one of the two slots.', { winner_name: ['The winner must be one of the two slots.'] });
      }
      const against = contradictedPick(match, winnerName);
      if (against && !override) {
        const message = `${winnerName} scored ${against.winner.toFixed(2)}x against ${against.loser.toFixed(2)}x: confirm the override to make the lower multiplier the winner.`;
        throw unprocessable(message, { winner_name: [message] });
      }
      const isFinal = match.round === roundsOf(tournament.size);
      if (match.winner_name !== null) {
        if (match.winner_name === winnerName) throw conflict('This slot is already the winner of this match.');
        if (isFinal) throw conflict('The final is decided and the tournament is complete.');
      }
      const changed = [matchId];
      await setMatchWinner(tx, matchId, winnerName);
      if (!isFinal) {
        const next = await lockNextMatch(tx, id, match);
        if (next.winner_name !== null) throw conflict('The next-round match is already decided; this winner can no longer change.');
        await fillNextSlot(tx, next.id, next.slot, winnerName);
        changed.push(next.id);
      } else {
        await completeTournament(tx, id);
        await this.prizes.award(tx, id);
        await this.outbox.add(tx, 'tournament.completed', {
          tournamentId: id,
          userIds: await predictorIds(tx, id),
          at: new Date().toISOString(),
        });
      }
      await this.audit.record(tx, {
        actorId,
        action: 'tournament.match.winner',
        entity: 'tournament',
        entityId: id,
        before: { match_id: matchId, winner_name: match.winner_name },
        after: { match_id: matchId, winner_name: winnerName, completed: isFinal, ...(against ? { override: true } : {}) },
      });
      await this.outbox.add(tx, 'tournament.match-decided', { tournamentId: id, matchIds: changed, at: new Date().toISOString() });
      return this.detailIn(tx, id);
    });
  }

  /**
   * Undoes a winner clicked by mistake: the match is undecided again and the winner leaves its next-round slot. Only
   * while nothing was built on it: the next-round match undecided, and never the final (deciding it paid the prizes).
   */
  async clearWinner(actorId: number, id: number, matchId: number): Promise<AdminTournament> {
    return this.changing(id, async (tx) => {
      const tournament = await this.lock(tx, id);
      const match = await this.lockedMatch(tx, id, matchId);
      if (match.winner_name === null) throw conflict('This match has no winner to undo.');
      if (match.round === roundsOf(tournament.size)) throw conflict('The final is decided and its prizes are paid; it cannot be undone.');
      const next = await lockNextMatch(tx, id, match);
      if (next.winner_name !== null) throw conflict('The next-round match is already decided; undo that winner first.');
      await clearMatchWinner(tx, matchId);
      await emptyNextSlot(tx, next.id, next.slot);
      await this.audit.record(tx, {
        actorId,
        action: 'tournament.match.winner.undo',
        entity: 'tournament',
        entityId: id,
        before: { match_id: matchId, winner_name: match.winner_name },
        after: { match_id: matchId, winner_name: null },
      });
      await this.outbox.add(tx, 'tournament.match-decided', {
        tournamentId: id,
        matchIds: [matchId, next.id],
        at: new Date().toISOString(),
      });
      return this.detailIn(tx, id);
    });
  }

  async remove(actorId: number, id: number): Promise<void> {
    await this.changing(id, async (tx) => {
      const before = await this.lock(tx, id);
      if ((await countPicks(tx, id)) > 0) throw conflict('This tournament has predictions and cannot be deleted.');
      await deleteTournament(tx, id);
      // The slots' figures it counted in are recomputed without it (a status change: it no longer exists).
      await this.outbox.add(tx, 'tournament.updated', { tournamentId: id, change: 'status', at: new Date().toISOString() });
      await this.audit.record(tx, {
        actorId,
        action: 'tournament.delete',
        entity: 'tournament',
        entityId: id,
        before: { name: before.name, size: before.size },
        after: null,
      });
    });
    // A deleted tournament has no page or room left to push to; only the admins' lists still show it.
    this.realtime.toRoom(LIVE_ROOM, 'admin:changed', { section: 'tournaments', id });
    await this.featured.announce();
  }

  /** Archives every completed tournament (audited): out of the lists, its page and prizes kept. */
  async archiveCompleted(actorId: number): Promise<number> {
    const archived = await this.em.fork().transactional(async (tx) => {
      const rows = await archiveCompleted(tx);
      if (rows.length > 0)
        await this.audit.record(tx, {
          actorId,
          action: 'tournament.archive',
          entity: 'tournament',
          entityId: null,
          after: { archived: rows },
        });
      return rows;
    });
    for (const { id } of archived) this.realtime.toRoom(LIVE_ROOM, 'admin:changed', { section: 'tournaments', id });
    if (archived.length) await this.featured.announce();
    return archived.length;
  }

  archived(limit: number): Promise<{ id: number; title: string; archived_at: Date }[]> {
    return archivedTournaments(this.em.fork(), limit);
  }

  /** Lists an archived tournament again (audited). */
  async restoreArchived(actorId: number, id: number): Promise<{ id: number; title: string }> {
    const restored = await this.em.fork().transactional(async (tx) => {
      const row = await restoreTournament(tx, id);
      if (!row) throw notFound('This tournament is not archived.');
      await this.audit.record(tx, {
        actorId,
        action: 'tournament.unarchive',
        entity: 'tournament',
        entityId: id,
        before: { archived: true },
        after: { archived: false },
      });
      return row;
    });
    this.realtime.toRoom(LIVE_ROOM, 'admin:changed', { section: 'tournaments', id });
    await this.featured.announce();
    return restored;
  }

  /** One change to tournament `id` in its transaction; once committed, its public page answer is rebuilt on its next read. */
  private async changing<T>(id: number, work: (tx: EntityManager) => Promise<T>): Promise<T> {
    const result = await this.em.fork().transactional(work);
    await this.answers.invalidate(tournamentAnswer(id));
    return result;
  }

  private async lock(tx: EntityManager, id: number): Promise<TournamentRow> {
    const row = await loadTournament(tx, id, 'for update');
    if (!row) throw notFound(TOURNAMENT_NOT_FOUND);
    return row;
  }

  private async lockedMatch(tx: EntityManager, id: number, matchId: number): Promise<MatchLockRow> {
    const match = await lockMatch(tx, id, matchId);
    if (!match) throw notFound('Match not found.');
    return match;
  }

  private async detailIn(em: EntityManager, id: number): Promise<AdminTournament> {
    const detail = await loadDetail(em, id);
    if (!detail) throw notFound(TOURNAMENT_NOT_FOUND);
    return detail;
  }

  private async record(
    tx: EntityManager,
    actorId: number,
    action: string,
    id: number,
    before: unknown,
    after: unknown,
    change: TournamentChange,
  ): Promise<void> {
    await this.audit.record(tx, { actorId, action, entity: 'tournament', entityId: id, before, after });
    await this.outbox.add(tx, 'tournament.updated', { tournamentId: id, change, at: new Date().toISOString() });
  }
}

function matchOf(m: MatchLockRow) {
  return {
    id: m.id,
    slot1_name: m.slot1_name,
    slot2_name: m.slot2_name,
    slot1_multiplier: m.slot1_multiplier,
    slot2_multiplier: m.slot2_multiplier,
  };
}
