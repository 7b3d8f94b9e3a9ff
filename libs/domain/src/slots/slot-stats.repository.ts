import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The one definition of a slot's figures (docs/slots.md), over the games of finished hunts and the slot requests the
 * streamer marked played (a request is a play outside any hunt: its bet and win when recorded, no hunt): opened = win
 * entered; the average multiplier is bet-weighted (total won ÷ total bet over plays with a bet), as a hunt's own is.
 * `FIGURES_SQL` selects them for the slots in the `target` CTE, whether or not they still have any play.
 */
const FIGURES_SQL = `
  plays as (
    select g.slot_id, g.hunt_id, g.bet, g.win, g.multiplier, h.completed_at as played_at
    from hunt_games g join hunts h on h.id = g.hunt_id and h.status = 'completed'
    where g.slot_id in (select slot_id from target)
    union all
    select r.slot_id, null, r.bet, r.win, case when r.win is not null and r.bet > 0 then round(r.win / r.bet, 2) end, r.closed_at
    from slot_requests r where r.status = 'played' and r.slot_id in (select slot_id from target)
  ),
  figures as (
    select p.slot_id,
      count(*) filter (where p.win is not null)::int as times_opened,
      coalesce(sum(p.bet) filter (where p.win is not null), 0) as total_bet,
      coalesce(sum(p.win), 0) as total_won,
      round(sum(p.win) filter (where p.bet > 0) / nullif(sum(p.bet) filter (where p.bet > 0 and p.win is not null), 0), 2) as average_multiplier,
      max(p.multiplier) as best_multiplier,
      max(p.win) as biggest_win,
      (array_agg(p.hunt_id order by p.win desc nulls last, p.played_at, p.hunt_id))[1] as biggest_win_hunt_id,
      max(p.played_at) as last_played_at,
      coalesce(array_agg(distinct p.hunt_id order by p.hunt_id) filter (where p.hunt_id is not null), '{}') as hunt_ids
    from plays p
    group by p.slot_id
  )`;

@Injectable()
export class SlotStatsRepository {
  /**
   * Recomputes, from the hunts' rows, the figures of every slot a hunt has, had (a removed game) or is counted in.
   * Each slot's advisory lock is taken before its rows are read, so of two recomputations the later one reads what
   * the earlier one's hunt change committed, and figures never go back to an older state.
   */
  async recomputeForHunt(em: EntityManager, huntId: number): Promise<void> {
    const slots = await em.execute<{ slot_id: number }[]>(
      `select slot_id from hunt_games where hunt_id = ?
       union select slot_id from hunt_game_removals where hunt_id = ?
       union select slot_id from slot_stats where hunt_ids @> array[?]::int[]
       order by slot_id`,
      [huntId, huntId, huntId],
    );
    await this.recompute(
      em,
      slots.map((s) => s.slot_id),
    );
  }

  async recompute(em: EntityManager, slotIds: number[]): Promise<void> {
    if (!slotIds.length) return;
    const list = JSON.stringify(slotIds);
    await em.execute(
      `select pg_advisory_xact_lock(hashtext('slot-stats'), id::int) from (select jsonb_array_elements_text(?::jsonb) as id order by 1) s`,
      [list],
    );
    await em.execute(
      `with target as (select s.id as slot_id from slots s where s.id in (select jsonb_array_elements_text(?::jsonb)::int)),
       ${FIGURES_SQL}
       insert into slot_stats (slot_id, times_opened, total_bet, total_won, average_multiplier, best_multiplier, biggest_win,
         biggest_win_hunt_id, last_played_at, hunt_ids, updated_at)
       select t.slot_id, coalesce(f.times_opened, 0), coalesce(f.total_bet, 0), coalesce(f.total_won, 0), f.average_multiplier,
         f.best_multiplier, f.biggest_win, f.biggest_win_hunt_id, f.last_played_at, coalesce(f.hunt_ids, '{}'), now()
       from target t left join figures f on f.slot_id = t.slot_id
       on conflict (slot_id) do update set times_opened = excluded.times_opened, total_bet = excluded.total_bet,
         total_won = excluded.total_won, average_multiplier = excluded.average_multiplier, best_multiplier = excluded.best_multiplier,
         biggest_win = excluded.biggest_win, biggest_win_hunt_id = excluded.biggest_win_hunt_id, last_played_at = excluded.last_played_at,
         hunt_ids = excluded.hunt_ids, updated_at = now()`,
      [list],
    );
  }
}
