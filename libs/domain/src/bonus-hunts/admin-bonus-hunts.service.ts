import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type {
  AdminHuntCreate,
  AdminHuntDetail,
  AdminHuntGameAdd,
  AdminHuntGameRestore,
  AdminHuntGameUpdate,
  AdminHuntListItem,
  AdminHuntUpdate,
  DomainEventMap,
  HuntPage,
} from '@kickback/contracts';
import { defaultHuntName } from '@kickback/contracts';
import {
  AuditLogService,
  OutboxService,
  VersionedAnswerCache,
  conflict,
  isUniqueViolation,
  notFound,
  pagination,
  unprocessable,
  isoOrNull,
} from '@kickback/platform';
import { BonusHuntsRepository, type HuntRow } from './bonus-hunts.repository';
import { SlotCatalogueRepository } from './slot-catalogue.repository';
import { statisticsOf, toAdminGame } from './hunt-views';
import { CURRENT_HUNT_ANSWER } from './bonus-hunts.service';

const ADMIN_PER_PAGE = 20;
type HuntChange = DomainEventMap['hunt.updated']['change'];

function toListItem(hunt: HuntRow, gamesCount: number): AdminHuntListItem {
  return {
    id: hunt.id,
    name: hunt.name ?? defaultHuntName(hunt.id),
    status: hunt.status,
    predictions_active: hunt.predictions_active,
    starting_balance: Number(hunt.starting_balance),
    prize_points: hunt.prize_points,
    games_count: gamesCount,
    predictions_count: Number(hunt.predictions_count),
    created_at: new Date(hunt.created_at).toISOString(),
    completed_at: isoOrNull(hunt.completed_at),
  };
}

/**
 * Everything the admin does to a hunt during a stream. Each change locks the hunt row, checks
 * the status, writes the audit record and an outbox event in the same transaction; the worker
 * turns the event into pushes to hunt:{id}.
 */
@Injectable()
export class AdminBonusHuntsService {
  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditLogService,
    private readonly outbox: OutboxService,
    private readonly hunts: BonusHuntsRepository,
    private readonly slots: SlotCatalogueRepository,
    private readonly answers: VersionedAnswerCache,
  ) {}

  async list(page: number): Promise<HuntPage<AdminHuntListItem>> {
    const em = this.em.fork();
    const total = await this.hunts.huntsCount(em, false);
    const hunts = await this.hunts.huntsPage(em, false, ADMIN_PER_PAGE, (page - 1) * ADMIN_PER_PAGE);
    const byHunt = await this.hunts.gameCounts(
      em,
      hunts.map((h) => h.id),
    );
    return {
      data: hunts.map((h) => toListItem(h, byHunt.get(h.id) ?? 0)),
      pagination: pagination(page, ADMIN_PER_PAGE, total),
    };
  }

  async detail(huntId: number): Promise<AdminHuntDetail> {
    return this.detailIn(this.em.fork(), huntId);
  }

  async create(actorId: number, input: AdminHuntCreate): Promise<AdminHuntDetail> {
    try {
      return await this.changing(async (tx) => {
        const running = await this.hunts.runningHuntId(tx);
        if (running !== null) throw conflict(`Complete hunt #${running} before starting a new one.`);
        const id = await this.hunts.insertHunt(tx, input.name ?? null, input.starting_balance, input.prize_points, input.open_predictions);
        const detail = await this.detailIn(tx, id);
        await this.record(
          tx,
          actorId,
          'hunt.create',
          detail.id,
          null,
          {
            name: detail.name,
            starting_balance: detail.starting_balance,
            prize_points: detail.prize_points,
            predictions_active: detail.predictions_active,
          },
          'created',
        );
        return detail;
      });
    } catch (error) {
      // Two admins creating at once: the partial unique index lets one through.
      if (isUniqueViolation(error)) throw conflict('Another hunt was just started. Complete it before starting a new one.');
      throw error;
    }
  }

  async update(actorId: number, huntId: number, input: AdminHuntUpdate): Promise<AdminHuntDetail> {
    return this.changing(async (tx) => {
      const hunt = await this.lockRunning(tx, huntId);
      const before = {
        name: hunt.name ?? defaultHuntName(hunt.id),
        starting_balance: Number(hunt.starting_balance),
        prize_points: hunt.prize_points,
      };
      await this.hunts.updateSettings(tx, huntId, input.name, input.starting_balance, input.prize_points);
      const detail = await this.detailIn(tx, huntId);
      await this.record(
        tx,
        actorId,
        'hunt.update',
        huntId,
        before,
        { name: detail.name, starting_balance: detail.starting_balance, prize_points: detail.prize_points },
        'settings',
      );
      return detail;
    });
  }

  async setPredictions(actorId: number, huntId: number, active: boolean): Promise<AdminHuntDetail> {
    return this.changing(async (tx) => {
      const hunt = await this.lockRunning(tx, huntId);
      // The database refuses it too (hunts_predictions_while_collecting); this says why in words.
      if (active && hunt.status !== 'preparing') throw conflict('Predictions cannot reopen once the bonuses are being opened.');
      await this.hunts.setPredictionsActive(tx, huntId, active);
      await this.record(
        tx,
        actorId,
        active ? 'hunt.predictions.open' : 'hunt.predictions.close',
        huntId,
        { predictions_active: hunt.predictions_active },
        { predictions_active: active },
        'predictions',
      );
      return this.detailIn(tx, huntId);
    });
  }

  /** preparing → opening: the bonuses start being opened and predictions close. */
  async startOpening(actorId: number, huntId: number): Promise<AdminHuntDetail> {
    return this.changing(async (tx) => {
      const hunt = await this.lockRunning(tx, huntId);
      if (hunt.status !== 'preparing') throw conflict('This hunt is already being opened.');
      await this.openWith(tx, actorId, hunt, 'started by the admin');
      return this.detailIn(tx, huntId);
    });
  }

  /** Collecting → opening on a hunt locked FOR UPDATE; predictions close with it. */
  private async openWith(tx: EntityManager, actorId: number, hunt: HuntRow, reason: string): Promise<void> {
    await this.hunts.markOpening(tx, hunt.id);
    await this.record(
      tx,
      actorId,
      'hunt.status.opening',
      hunt.id,
      { status: hunt.status, predictions_active: hunt.predictions_active },
      { status: 'opening', predictions_active: false, reason },
      'status',
    );
  }

  /** opening → completed, once every bonus is opened; scoring follows in the worker. */
  async complete(actorId: number, huntId: number): Promise<AdminHuntDetail> {
    return this.changing(async (tx) => {
      const hunt = await this.lockRunning(tx, huntId);
      if (hunt.status !== 'opening') throw conflict('Start opening the hunt before completing it.');
      const counts = await this.hunts.gameTotals(tx, huntId);
      if (counts.games === 0) throw unprocessable('Add at least one slot before completing the hunt.');
      if (counts.unopened > 0) throw unprocessable(`Enter the win of every slot before completing the hunt (${counts.unopened} unopened).`);
      await this.hunts.markCompleted(tx, huntId, counts.total);
      const at = new Date().toISOString();
      await this.audit.record(tx, {
        actorId,
        action: 'hunt.status.completed',
        entity: 'hunt',
        entityId: huntId,
        before: { status: hunt.status },
        after: { status: 'completed', final_balance: counts.total },
      });
      await this.outbox.add(tx, 'hunt.completed', { huntId, finalBalance: counts.total, at });
      return this.detailIn(tx, huntId);
    });
  }

  async addGame(actorId: number, huntId: number, input: AdminHuntGameAdd): Promise<AdminHuntDetail> {
    return this.changing(async (tx) => {
      await this.lockRunning(tx, huntId);
      const slotName = await this.slots.slotName(tx, input.slot_id);
      if (slotName === null) throw notFound('Slot not found.');
      const gameId = await this.hunts.insertGame(tx, huntId, input.slot_id, input.bet ?? '0');
      await this.record(tx, actorId, 'hunt.game.add', huntId, null, { game_id: gameId, slot: slotName, bet: input.bet ?? '0' }, 'games');
      return this.detailIn(tx, huntId);
    });
  }

  /**
   * A bet or win typed during the stream. The first win saved while the hunt is still collecting starts opening it,
   * which closes predictions in the same transaction: the hunt row is then locked FOR UPDATE, so submits in flight
   * (holding it FOR SHARE) commit before the result does and any later submit sees predictions closed.
   */
  async updateGame(actorId: number, huntId: number, gameId: number, input: AdminHuntGameUpdate): Promise<AdminHuntDetail> {
    const savesWin = input.win !== undefined && input.win !== null;
    return this.changing(async (tx) => {
      const hunt = await this.lockRunning(tx, huntId, savesWin ? 'for update' : 'for share');
      const before = await this.hunts.lockGame(tx, huntId, gameId);
      if (!before) throw notFound('Slot not found in this hunt.');
      if (savesWin && hunt.status === 'preparing') await this.openWith(tx, actorId, hunt, 'first result saved');
      const after = await this.hunts.updateGame(tx, gameId, input.bet ?? null, input.win !== undefined, input.win ?? null);
      await this.audit.record(tx, { actorId, action: 'hunt.game.update', entity: 'hunt_game', entityId: gameId, before, after });
      await this.outbox.add(tx, 'hunt.game-updated', { huntId, gameId, at: new Date().toISOString() });
      return this.detailIn(tx, huntId);
    });
  }

  async removeGame(actorId: number, huntId: number, gameId: number): Promise<AdminHuntDetail> {
    return this.changing(async (tx) => {
      await this.lockRunning(tx, huntId);
      const removed = await this.hunts.deleteGame(tx, huntId, gameId);
      if (!removed) throw notFound('Slot not found in this hunt.');
      await this.hunts.renumberGames(tx, huntId);
      await this.record(tx, actorId, 'hunt.game.remove', huntId, removed, null, 'games');
      return this.detailIn(tx, huntId);
    });
  }

  /**
   * Undoes a removal: that removed row comes back with its id, bet, win and place, once; an undo of a removal already
   * put back (or never made) is a 409, so parallel undos give one row. A win put back while the hunt is still
   * collecting starts opening it, as a saved win does.
   */
  async restoreGame(actorId: number, huntId: number, input: AdminHuntGameRestore): Promise<AdminHuntDetail> {
    return this.changing(async (tx) => {
      const hunt = await this.lockRunning(tx, huntId);
      const restored = await this.hunts.restoreRemovedGame(tx, huntId, input.game_id);
      if (!restored) throw conflict('This slot is not removed from this hunt (it may have been put back already).');
      if (restored.win !== null && hunt.status === 'preparing') await this.openWith(tx, actorId, hunt, 'removed result put back');
      const slotName = await this.slots.slotName(tx, restored.slot_id);
      await this.record(tx, actorId, 'hunt.game.restore', huntId, null, { ...restored, slot: slotName }, 'games');
      return this.detailIn(tx, huntId);
    });
  }

  /** `ids` lists every game of the hunt once, in the new order. */
  async reorderGames(actorId: number, huntId: number, ids: number[]): Promise<AdminHuntDetail> {
    return this.changing(async (tx) => {
      await this.lockRunning(tx, huntId);
      const current = await this.hunts.gameIds(tx, huntId);
      const known = new Set(current);
      if (ids.length !== current.length || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
        throw unprocessable('The order must list every slot of the hunt once.', {
          ids: ['The order must list every slot of the hunt once.'],
        });
      }
      await this.hunts.reorderGames(tx, huntId, ids);
      await this.record(tx, actorId, 'hunt.game.reorder', huntId, current, ids, 'games');
      return this.detailIn(tx, huntId);
    });
  }

  /** Archives every completed hunt (audited): out of the lists, its page and prizes kept. */
  async archiveCompleted(actorId: number): Promise<number> {
    const ids = await this.changing(async (tx) => {
      const archived = await this.hunts.archiveCompleted(tx);
      if (archived.length > 0)
        await this.audit.record(tx, { actorId, action: 'hunt.archive', entity: 'hunt', entityId: null, after: { archived } });
      return archived;
    });
    return ids.length;
  }

  archived(limit: number): Promise<{ id: number; title: string; archived_at: Date }[]> {
    return this.hunts.archived(this.em.fork(), limit);
  }

  /** Lists an archived hunt again (audited). */
  async restoreArchived(actorId: number, id: number): Promise<{ id: number; title: string }> {
    return this.changing(async (tx) => {
      const row = await this.hunts.restore(tx, id);
      if (!row) throw notFound('This hunt is not archived.');
      await this.audit.record(tx, {
        actorId,
        action: 'hunt.unarchive',
        entity: 'hunt',
        entityId: id,
        before: { archived: true },
        after: { archived: false },
      });
      return row;
    });
  }

  /** One change in its transaction; once committed, the public current-hunt answer is rebuilt on its next read. */
  private async changing<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    const result = await this.em.fork().transactional(work);
    await this.answers.invalidate(CURRENT_HUNT_ANSWER);
    return result;
  }

  private async lockRunning(tx: EntityManager, huntId: number, lock: 'for update' | 'for share' = 'for update'): Promise<HuntRow> {
    const hunt = await this.hunts.hunt(tx, huntId, lock);
    if (!hunt) throw notFound('Bonus hunt not found.');
    if (hunt.status === 'completed') throw conflict('This hunt is completed and can no longer be changed.');
    return hunt;
  }

  private async detailIn(em: EntityManager, huntId: number): Promise<AdminHuntDetail> {
    const hunt = await this.hunts.hunt(em, huntId);
    if (!hunt) throw notFound('Bonus hunt not found.');
    const games = await this.hunts.games(em, [huntId]);
    return {
      ...toListItem(hunt, games.length),
      statistics: statisticsOf(hunt, games),
      games: games.map(toAdminGame),
      scored_at: isoOrNull(hunt.scored_at),
    };
  }

  private async record(
    tx: EntityManager,
    actorId: number,
    action: string,
    huntId: number,
    before: unknown,
    after: unknown,
    change: HuntChange,
  ): Promise<void> {
    await this.audit.record(tx, { actorId, action, entity: 'hunt', entityId: huntId, before, after });
    await this.outbox.add(tx, 'hunt.updated', { huntId, change, at: new Date().toISOString() });
  }
}
