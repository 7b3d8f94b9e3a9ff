import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type {
  AdminHuntCreate,
  AdminHuntDetail,
  AdminHuntGameAdd,
  AdminHuntGameUpdate,
  AdminHuntListItem,
  AdminHuntUpdate,
  DomainEventMap,
  HuntPage,
} from '@kickback/contracts';
import {
  AuditLogService,
  OutboxService,
  conflict,
  intArrayLiteral,
  isUniqueViolation,
  notFound,
  pagination,
  unprocessable,
} from '@kickback/platform';
import { loadGames, loadHunt, loadHuntsPage, statisticsOf, toAdminGame, type HuntRow } from './hunt-rows';

const ADMIN_PER_PAGE = 20;
type HuntChange = DomainEventMap['hunt.updated']['change'];

function toListItem(hunt: HuntRow, gamesCount: number): AdminHuntListItem {
  return {
    id: hunt.id,
    status: hunt.status,
    predictions_active: hunt.predictions_active,
    starting_balance: Number(hunt.starting_balance),
    prize_points: hunt.prize_points,
    games_count: gamesCount,
    predictions_count: Number(hunt.predictions_count),
    created_at: new Date(hunt.created_at).toISOString(),
    completed_at: hunt.completed_at ? new Date(hunt.completed_at).toISOString() : null,
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
  ) {}

  async list(page: number): Promise<HuntPage<AdminHuntListItem>> {
    const em = this.em.fork();
    const [{ total }] = await em.execute<{ total: string }[]>('select count(*)::text as total from hunts');
    const hunts = await loadHuntsPage(em, 'true', ADMIN_PER_PAGE, (page - 1) * ADMIN_PER_PAGE);
    const counts = await em.execute<{ hunt_id: number; n: string }[]>(
      'select hunt_id, count(*)::text as n from hunt_games where hunt_id = any(?::int[]) group by hunt_id',
      [intArrayLiteral(hunts.map((h) => h.id))],
    );
    const byHunt = new Map(counts.map((c) => [c.hunt_id, Number(c.n)]));
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
      return await this.em.fork().transactional(async (tx) => {
        const [running] = await tx.execute<{ id: number }[]>(`select id from hunts where status <> 'completed' limit 1`);
        if (running) throw conflict(`Complete hunt #${running.id} before starting a new one.`);
        const [row] = await tx.execute<{ id: number }[]>(
          'insert into hunts (starting_balance, prize_points) values (?::numeric, ?::int[]) returning id',
          [input.starting_balance, intArrayLiteral(input.prize_points)],
        );
        const detail = await this.detailIn(tx, row!.id);
        await this.record(
          tx,
          actorId,
          'hunt.create',
          detail.id,
          null,
          { starting_balance: detail.starting_balance, prize_points: detail.prize_points },
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
    return this.em.fork().transactional(async (tx) => {
      const hunt = await this.lockRunning(tx, huntId);
      const before = { starting_balance: Number(hunt.starting_balance), prize_points: hunt.prize_points };
      await tx.execute(
        `update hunts set starting_balance = coalesce(?::numeric, starting_balance), prize_points = coalesce(?::int[], prize_points), updated_at = now() where id = ?`,
        [input.starting_balance ?? null, input.prize_points ? intArrayLiteral(input.prize_points) : null, huntId],
      );
      const detail = await this.detailIn(tx, huntId);
      await this.record(
        tx,
        actorId,
        'hunt.update',
        huntId,
        before,
        { starting_balance: detail.starting_balance, prize_points: detail.prize_points },
        'settings',
      );
      return detail;
    });
  }

  async setPredictions(actorId: number, huntId: number, active: boolean): Promise<AdminHuntDetail> {
    return this.em.fork().transactional(async (tx) => {
      const hunt = await this.lockRunning(tx, huntId);
      await tx.execute('update hunts set predictions_active = ?, updated_at = now() where id = ?', [active, huntId]);
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
    return this.em.fork().transactional(async (tx) => {
      const hunt = await this.lockRunning(tx, huntId);
      if (hunt.status !== 'preparing') throw conflict('This hunt is already being opened.');
      await tx.execute(
        `update hunts set status = 'opening', predictions_active = false, opening_started_at = now(), updated_at = now() where id = ?`,
        [huntId],
      );
      await this.record(
        tx,
        actorId,
        'hunt.status.opening',
        huntId,
        { status: hunt.status, predictions_active: hunt.predictions_active },
        { status: 'opening', predictions_active: false },
        'status',
      );
      return this.detailIn(tx, huntId);
    });
  }

  /** opening → completed, once every bonus is opened; scoring follows in the worker. */
  async complete(actorId: number, huntId: number): Promise<AdminHuntDetail> {
    return this.em.fork().transactional(async (tx) => {
      const hunt = await this.lockRunning(tx, huntId);
      if (hunt.status !== 'opening') throw conflict('Start opening the hunt before completing it.');
      const [counts] = await tx.execute<{ games: string; unopened: string; total: string }[]>(
        `select count(*)::text as games, count(*) filter (where win is null)::text as unopened, coalesce(sum(win), 0)::text as total
         from hunt_games where hunt_id = ?`,
        [huntId],
      );
      if (Number(counts!.games) === 0) throw unprocessable('Add at least one slot before completing the hunt.');
      if (Number(counts!.unopened) > 0)
        throw unprocessable(`Enter the win of every slot before completing the hunt (${counts!.unopened} unopened).`);
      await tx.execute(
        `update hunts set status = 'completed', predictions_active = false, final_balance = ?::numeric, completed_at = now(), updated_at = now() where id = ?`,
        [counts!.total, huntId],
      );
      const at = new Date().toISOString();
      await this.audit.record(tx, {
        actorId,
        action: 'hunt.status.completed',
        entity: 'hunt',
        entityId: huntId,
        before: { status: hunt.status },
        after: { status: 'completed', final_balance: counts!.total },
      });
      await this.outbox.add(tx, 'hunt.completed', { huntId, finalBalance: counts!.total, at });
      return this.detailIn(tx, huntId);
    });
  }

  async addGame(actorId: number, huntId: number, input: AdminHuntGameAdd): Promise<AdminHuntDetail> {
    return this.em.fork().transactional(async (tx) => {
      await this.lockRunning(tx, huntId);
      const [slot] = await tx.execute<{ id: number; name: string }[]>('select id, name from slots where id = ?', [input.slot_id]);
      if (!slot) throw notFound('Slot not found.');
      const [game] = await tx.execute<{ id: number }[]>(
        `insert into hunt_games (hunt_id, slot_id, bet, position)
         values (?, ?, ?::numeric, (select coalesce(max(position), -1) + 1 from hunt_games where hunt_id = ?)) returning id`,
        [huntId, input.slot_id, input.bet ?? '0', huntId],
      );
      await this.record(tx, actorId, 'hunt.game.add', huntId, null, { game_id: game!.id, slot: slot.name, bet: input.bet ?? '0' }, 'games');
      return this.detailIn(tx, huntId);
    });
  }

  /** A bet or win typed during the stream; a win can be entered only while the hunt is being opened. */
  async updateGame(actorId: number, huntId: number, gameId: number, input: AdminHuntGameUpdate): Promise<AdminHuntDetail> {
    return this.em.fork().transactional(async (tx) => {
      const hunt = await this.lockRunning(tx, huntId, 'for share');
      if (input.win !== undefined && input.win !== null && hunt.status !== 'opening') {
        throw conflict('Start opening the hunt before entering wins.');
      }
      const [before] = await tx.execute<{ bet: string; win: string | null }[]>(
        'select bet::text as bet, win::text as win from hunt_games where id = ? and hunt_id = ? for update',
        [gameId, huntId],
      );
      if (!before) throw notFound('Slot not found in this hunt.');
      const [after] = await tx.execute<{ bet: string; win: string | null }[]>(
        `update hunt_games set bet = coalesce(?::numeric, bet), win = case when ? then ?::numeric else win end, updated_at = now()
         where id = ? returning bet::text as bet, win::text as win`,
        [input.bet ?? null, input.win !== undefined, input.win ?? null, gameId],
      );
      await this.audit.record(tx, { actorId, action: 'hunt.game.update', entity: 'hunt_game', entityId: gameId, before, after });
      await this.outbox.add(tx, 'hunt.game-updated', { huntId, gameId, at: new Date().toISOString() });
      return this.detailIn(tx, huntId);
    });
  }

  async removeGame(actorId: number, huntId: number, gameId: number): Promise<AdminHuntDetail> {
    return this.em.fork().transactional(async (tx) => {
      await this.lockRunning(tx, huntId);
      const [removed] = await tx.execute<{ slot_id: number; bet: string; win: string | null }[]>(
        'delete from hunt_games where id = ? and hunt_id = ? returning slot_id, bet::text as bet, win::text as win',
        [gameId, huntId],
      );
      if (!removed) throw notFound('Slot not found in this hunt.');
      await this.renumber(tx, huntId);
      await this.record(tx, actorId, 'hunt.game.remove', huntId, { game_id: gameId, ...removed }, null, 'games');
      return this.detailIn(tx, huntId);
    });
  }

  /** `ids` lists every game of the hunt once, in the new order. */
  async reorderGames(actorId: number, huntId: number, ids: number[]): Promise<AdminHuntDetail> {
    return this.em.fork().transactional(async (tx) => {
      await this.lockRunning(tx, huntId);
      const current = await tx.execute<{ id: number }[]>('select id from hunt_games where hunt_id = ? order by position, id', [huntId]);
      const known = new Set(current.map((g) => g.id));
      if (ids.length !== current.length || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
        throw unprocessable('The order must list every slot of the hunt once.', {
          ids: ['The order must list every slot of the hunt once.'],
        });
      }
      // The (hunt_id, position) unique constraint is deferred, so positions may swap inside one statement.
      await tx.execute(
        `update hunt_games g set position = x.ord - 1, updated_at = now() from unnest(?::int[]) with ordinality as x(id, ord) where g.id = x.id and g.hunt_id = ?`,
        [intArrayLiteral(ids), huntId],
      );
      await this.record(
        tx,
        actorId,
        'hunt.game.reorder',
        huntId,
        current.map((g) => g.id),
        ids,
        'games',
      );
      return this.detailIn(tx, huntId);
    });
  }

  private async renumber(tx: EntityManager, huntId: number): Promise<void> {
    await tx.execute(
      `update hunt_games g set position = r.ord - 1 from (select id, row_number() over (order by position, id) as ord from hunt_games where hunt_id = ?) r where g.id = r.id`,
      [huntId],
    );
  }

  private async lockRunning(tx: EntityManager, huntId: number, lock: 'for update' | 'for share' = 'for update'): Promise<HuntRow> {
    const hunt = await loadHunt(tx, huntId, lock);
    if (!hunt) throw notFound('Bonus hunt not found.');
    if (hunt.status === 'completed') throw conflict('This hunt is completed and can no longer be changed.');
    return hunt;
  }

  private async detailIn(em: EntityManager, huntId: number): Promise<AdminHuntDetail> {
    const hunt = await loadHunt(em, huntId);
    if (!hunt) throw notFound('Bonus hunt not found.');
    const games = await loadGames(em, [huntId]);
    return {
      ...toListItem(hunt, games.length),
      statistics: statisticsOf(hunt, games),
      games: games.map(toAdminGame),
      scored_at: hunt.scored_at ? new Date(hunt.scored_at).toISOString() : null,
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
