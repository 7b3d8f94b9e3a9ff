import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AdminHuntListItem, HuntGame } from '@kickback/contracts';
import { intArrayLiteral } from '@kickback/platform';

/** A hunt as stored: money as numeric text, timestamps as dates, the prediction count as bigint text. */
export type HuntRow = Pick<AdminHuntListItem, 'id' | 'status' | 'predictions_active' | 'prize_points'> & {
  /** Null when the streamer gave none (shown as "Bonus Hunt #id"). */
  name: string | null;
  starting_balance: string;
  final_balance: string | null;
  created_at: Date;
  completed_at: Date | null;
  scored_at: Date | null;
  predictions_count: string;
};

/** A game as stored, with its slot and provider names; money and multiplier as numeric text. */
export type GameRow = Pick<HuntGame, 'id' | 'position' | 'opened' | 'slot_name' | 'slot_image'> & {
  hunt_id: number;
  slot_id: number;
  bet: string;
  win: string | null;
  multiplier: string | null;
  provider_name: string;
};

/** A game's bet and win as numeric text (the audit's before and after). */
export interface GameAmounts {
  bet: string;
  win: string | null;
}

/** A removed game as kept for its undo: the row's own id, slot, place, bet and win. */
export interface RemovedGame extends GameAmounts {
  game_id: number;
  slot_id: number;
  position: number;
}

const HUNT_COLUMNS = `h.id, h.name, h.starting_balance::text as starting_balance, h.status, h.predictions_active, h.prize_points,
  h.final_balance::text as final_balance, h.created_at, h.completed_at, h.scored_at,
  (select count(*) from hunt_predictions p where p.hunt_id = h.id)::text as predictions_count`;

/**
 * Hunts and their games: the reads the public, admin, push and scoring paths share (so they all see one model)
 * and the admin's writes. Each runs on the em it is given, so callers choose the transaction and the locks.
 */
@Injectable()
export class BonusHuntsRepository {
  async hunt(em: EntityManager, id: number, lock: '' | 'for share' | 'for update' = ''): Promise<HuntRow | null> {
    // Row locks cannot sit next to the count subquery, so a locked read takes the row first.
    if (lock) await em.execute(`select id from hunts where id = ? ${lock}`, [id]);
    const rows = await em.execute<HuntRow[]>(`select ${HUNT_COLUMNS} from hunts h where h.id = ?`, [id]);
    return rows[0] ?? null;
  }

  /** The hunt not completed yet (at most one runs at a time). */
  async runningHunt(em: EntityManager): Promise<HuntRow | null> {
    const rows = await em.execute<HuntRow[]>(
      `select ${HUNT_COLUMNS} from hunts h where h.status <> 'completed' order by h.id desc limit 1`,
    );
    return rows[0] ?? null;
  }

  /** The newest completed hunt still listed (its results stay on stream until the next hunt starts). */
  async lastCompletedHunt(em: EntityManager): Promise<HuntRow | null> {
    const rows = await em.execute<HuntRow[]>(
      `select ${HUNT_COLUMNS} from hunts h where h.status = 'completed' and h.archived_at is null order by h.id desc limit 1`,
    );
    return rows[0] ?? null;
  }

  /** Newest first; `completedOnly` for the public history, every hunt for the admin; archived hunts in neither. */
  async huntsPage(em: EntityManager, completedOnly: boolean, limit: number, offset: number): Promise<HuntRow[]> {
    return em.execute<HuntRow[]>(
      `select ${HUNT_COLUMNS} from hunts h where h.archived_at is null ${completedOnly ? `and h.status = 'completed'` : ''}
       order by h.id desc limit ? offset ?`,
      [limit, offset],
    );
  }

  async huntsCount(em: EntityManager, completedOnly: boolean): Promise<number> {
    const [{ total }] = await em.execute<{ total: string }[]>(
      `select count(*)::text as total from hunts where archived_at is null${completedOnly ? ` and status = 'completed'` : ''}`,
    );
    return Number(total);
  }

  /** Every hunt, the completed ones and every prediction ever made (the public overall statistics). */
  async overallCounts(em: EntityManager): Promise<{ total: number; completed: number; predictions: number }> {
    const [row] = await em.execute<{ total: string; completed: string; predictions: string }[]>(
      `select (select count(*) from hunts)::text as total,
              (select count(*) from hunts where status = 'completed')::text as completed,
              (select count(*) from hunt_predictions)::text as predictions`,
    );
    return { total: Number(row!.total), completed: Number(row!.completed), predictions: Number(row!.predictions) };
  }

  async games(em: EntityManager, huntIds: number[]): Promise<GameRow[]> {
    if (huntIds.length === 0) return [];
    return em.execute<GameRow[]>(
      `select g.id, g.hunt_id, g.slot_id, g.position, g.bet::text as bet, g.win::text as win, g.multiplier::text as multiplier, g.opened,
              s.name as slot_name, s.image_url as slot_image, pr.name as provider_name
       from hunt_games g join slots s on s.id = g.slot_id join slot_providers pr on pr.id = s.provider_id
       where g.hunt_id = any(?::int[]) order by g.hunt_id, g.position, g.id`,
      [intArrayLiteral(huntIds)],
    );
  }

  /** Games per hunt, for the admin list. */
  async gameCounts(em: EntityManager, huntIds: number[]): Promise<Map<number, number>> {
    const rows = await em.execute<{ hunt_id: number; n: string }[]>(
      'select hunt_id, count(*)::text as n from hunt_games where hunt_id = any(?::int[]) group by hunt_id',
      [intArrayLiteral(huntIds)],
    );
    return new Map(rows.map((r) => [r.hunt_id, Number(r.n)]));
  }

  async runningHuntId(em: EntityManager): Promise<number | null> {
    const [row] = await em.execute<{ id: number }[]>(`select id from hunts where status <> 'completed' limit 1`);
    return row?.id ?? null;
  }

  /**
   * The hunt's state read FOR SHARE: closing predictions or saving the first result (updates of this row) wait for
   * the submits in flight, and a submit that arrives meanwhile waits for them and then reads the new state.
   */
  async lockForPrediction(em: EntityManager, huntId: number): Promise<Pick<HuntRow, 'status' | 'predictions_active'> | null> {
    const [row] = await em.execute<Pick<HuntRow, 'status' | 'predictions_active'>[]>(
      'select status, predictions_active from hunts where id = ? for share',
      [huntId],
    );
    return row ?? null;
  }

  /** A new hunt; the partial unique index on running hunts refuses a second one (a unique violation). */
  async insertHunt(
    em: EntityManager,
    name: string | null,
    startingBalance: string,
    prizePoints: number[],
    predictionsActive: boolean,
  ): Promise<number> {
    const [row] = await em.execute<{ id: number }[]>(
      'insert into hunts (name, starting_balance, prize_points, predictions_active) values (?, ?::numeric, ?::int[], ?) returning id',
      [name, startingBalance, intArrayLiteral(prizePoints), predictionsActive],
    );
    return row!.id;
  }

  /** Writes the settings given (undefined ones stay; a null name goes back to the default). */
  async updateSettings(
    em: EntityManager,
    huntId: number,
    name: string | null | undefined,
    startingBalance: string | undefined,
    prizePoints: number[] | undefined,
  ): Promise<void> {
    await em.execute(
      `update hunts set name = case when ? then ? else name end, starting_balance = coalesce(?::numeric, starting_balance),
         prize_points = coalesce(?::int[], prize_points), updated_at = now() where id = ?`,
      [name !== undefined, name ?? null, startingBalance ?? null, prizePoints ? intArrayLiteral(prizePoints) : null, huntId],
    );
  }

  async setPredictionsActive(em: EntityManager, huntId: number, active: boolean): Promise<void> {
    await em.execute('update hunts set predictions_active = ?, updated_at = now() where id = ?', [active, huntId]);
  }

  /** preparing → opening; predictions close with it. */
  async markOpening(em: EntityManager, huntId: number): Promise<void> {
    await em.execute(
      `update hunts set status = 'opening', predictions_active = false, opening_started_at = now(), updated_at = now() where id = ?`,
      [huntId],
    );
  }

  /** How many games, how many not opened yet, and the sum of the wins (numeric text). */
  async gameTotals(em: EntityManager, huntId: number): Promise<{ games: number; unopened: number; total: string }> {
    const [row] = await em.execute<{ games: string; unopened: string; total: string }[]>(
      `select count(*)::text as games, count(*) filter (where win is null)::text as unopened, coalesce(sum(win), 0)::text as total
       from hunt_games where hunt_id = ?`,
      [huntId],
    );
    return { games: Number(row!.games), unopened: Number(row!.unopened), total: row!.total };
  }

  async markCompleted(em: EntityManager, huntId: number, finalBalance: string): Promise<void> {
    await em.execute(
      `update hunts set status = 'completed', predictions_active = false, final_balance = ?::numeric, completed_at = now(), updated_at = now() where id = ?`,
      [finalBalance, huntId],
    );
  }

  /** Once, the first time a hunt is scored. */
  async markScored(em: EntityManager, huntId: number): Promise<void> {
    await em.execute('update hunts set scored_at = coalesce(scored_at, now()) where id = ?', [huntId]);
  }

  /** A game appended after the hunt's last one. */
  async insertGame(em: EntityManager, huntId: number, slotId: number, bet: string): Promise<number> {
    const [game] = await em.execute<{ id: number }[]>(
      `insert into hunt_games (hunt_id, slot_id, bet, position)
       values (?, ?, ?::numeric, (select coalesce(max(position), -1) + 1 from hunt_games where hunt_id = ?)) returning id`,
      [huntId, slotId, bet, huntId],
    );
    return game!.id;
  }

  /**
   * Takes a removed game out of hunt_game_removals and puts that row back (same id, slot, bet and win) at its place,
   * clamped to the end; the games from there on move one down. Answers null when there is no such removal, or it was
   * already put back: the delete is the one-time claim, so parallel undos of one removal restore it once. The
   * (hunt_id, position) unique constraint is deferred, so the shift and the insert may overlap until commit.
   */
  async restoreRemovedGame(em: EntityManager, huntId: number, gameId: number): Promise<RemovedGame | null> {
    const [removed] = await em.execute<RemovedGame[]>(
      `delete from hunt_game_removals where game_id = ? and hunt_id = ?
       returning game_id, slot_id, position, bet::text as bet, win::text as win`,
      [gameId, huntId],
    );
    if (!removed) return null;
    const [{ count }] = await em.execute<{ count: number }[]>('select count(*)::int as count from hunt_games where hunt_id = ?', [huntId]);
    const at = Math.min(removed.position, count);
    await em.execute('update hunt_games set position = position + 1, updated_at = now() where hunt_id = ? and position >= ?', [huntId, at]);
    await em.execute('insert into hunt_games (id, hunt_id, slot_id, bet, win, position) values (?, ?, ?, ?::numeric, ?::numeric, ?)', [
      removed.game_id,
      huntId,
      removed.slot_id,
      removed.bet,
      removed.win,
      at,
    ]);
    return { ...removed, position: at };
  }

  async lockGame(em: EntityManager, huntId: number, gameId: number): Promise<GameAmounts | null> {
    const [row] = await em.execute<GameAmounts[]>(
      'select bet::text as bet, win::text as win from hunt_games where id = ? and hunt_id = ? for update',
      [gameId, huntId],
    );
    return row ?? null;
  }

  /** A bet given replaces the bet; `setWin` writes the win (null clears it). */
  async updateGame(em: EntityManager, gameId: number, bet: string | null, setWin: boolean, win: string | null): Promise<GameAmounts> {
    const [row] = await em.execute<GameAmounts[]>(
      `update hunt_games set bet = coalesce(?::numeric, bet), win = case when ? then ?::numeric else win end, updated_at = now()
       where id = ? returning bet::text as bet, win::text as win`,
      [bet, setWin, win, gameId],
    );
    return row!;
  }

  /** Removes a game and keeps it in hunt_game_removals, so its removal can be undone once (restoreRemovedGame). */
  async deleteGame(em: EntityManager, huntId: number, gameId: number): Promise<RemovedGame | null> {
    const [row] = await em.execute<RemovedGame[]>(
      `with removed as (delete from hunt_games where id = ? and hunt_id = ? returning id, hunt_id, slot_id, position, bet, win)
       insert into hunt_game_removals (game_id, hunt_id, slot_id, position, bet, win)
       select id, hunt_id, slot_id, position, bet, win from removed
       returning game_id, slot_id, position, bet::text as bet, win::text as win`,
      [gameId, huntId],
    );
    return row ?? null;
  }

  /** Positions 0, 1, 2… in the current order, closing the gap a removed game left. */
  async renumberGames(em: EntityManager, huntId: number): Promise<void> {
    await em.execute(
      `update hunt_games g set position = r.ord - 1 from (select id, row_number() over (order by position, id) as ord from hunt_games where hunt_id = ?) r where g.id = r.id`,
      [huntId],
    );
  }

  async gameIds(em: EntityManager, huntId: number): Promise<number[]> {
    const rows = await em.execute<{ id: number }[]>('select id from hunt_games where hunt_id = ? order by position, id', [huntId]);
    return rows.map((g) => g.id);
  }

  /** Positions in the order of `ids`; the (hunt_id, position) unique constraint is deferred, so they may swap in one statement. */
  async reorderGames(em: EntityManager, huntId: number, ids: number[]): Promise<void> {
    await em.execute(
      `update hunt_games g set position = x.ord - 1, updated_at = now() from unnest(?::int[]) with ordinality as x(id, ord) where g.id = x.id and g.hunt_id = ?`,
      [intArrayLiteral(ids), huntId],
    );
  }

  /** Archived hunts, the newest archived first, named as the site names them. */
  async archived(em: EntityManager, limit: number): Promise<{ id: number; title: string; archived_at: Date }[]> {
    return em.execute(
      `select id, coalesce(name, 'Bonus Hunt #' || id) as title, archived_at from hunts where archived_at is not null
       order by archived_at desc, id desc limit ?`,
      [limit],
    );
  }

  /** Lists an archived hunt again; answers its name, or nothing when it is not archived. */
  async restore(em: EntityManager, id: number): Promise<{ id: number; title: string } | undefined> {
    const [row] = await em.execute<{ id: number; title: string }[]>(
      `update hunts set archived_at = null where id = ? and archived_at is not null returning id, coalesce(name, 'Bonus Hunt #' || id) as title`,
      [id],
    );
    return row;
  }

  /** Archives every completed hunt; answers their ids. */
  async archiveCompleted(em: EntityManager): Promise<number[]> {
    const rows = await em.execute<{ id: number }[]>(
      `update hunts set archived_at = now() where archived_at is null and status = 'completed' returning id`,
    );
    return rows.map((r) => r.id);
  }
}
