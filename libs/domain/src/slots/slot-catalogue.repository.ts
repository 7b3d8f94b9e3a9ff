import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  defaultHuntName,
  type SlotCatalogueItem,
  type SlotCatalogueQuery,
  type SlotHuntAppearance,
  type SlotSort,
} from '@kickback/contracts';
import { isoOrNull } from '@kickback/platform';
import { toDetail } from './slot-facts.repository';

const COLUMNS = `s.id, s.name, s.image_url, s.rtp::float8[] as rtp, s.volatility, s.max_win_x::float8 as max_win_x,
  to_char(s.release_date, 'YYYY-MM-DD') as release_date, s.features, s.themes, p.id as provider_id, p.name as provider_name,
  coalesce(st.times_opened, 0) as times_opened, coalesce(st.total_bet, 0)::float8 as total_bet, coalesce(st.total_won, 0)::float8 as total_won,
  st.average_multiplier::float8 as average_multiplier, st.best_multiplier::float8 as best_multiplier, st.biggest_win::float8 as biggest_win,
  bh.id as biggest_win_hunt_id, bh.name as biggest_win_hunt_name, st.last_played_at`;

const FROM = `from slots s join slot_providers p on p.id = s.provider_id
  left join slot_stats st on st.slot_id = s.id left join hunts bh on bh.id = st.biggest_win_hunt_id`;

/** Sorts by a figure, slots without one last, then by name so a page boundary is stable. */
const ORDER: Record<SlotSort, string> = {
  most_played: 'coalesce(st.times_opened, 0) desc',
  best_average: 'st.average_multiplier desc nulls last',
  biggest_win: 'st.biggest_win desc nulls last',
  name: 'lower(s.name)',
};

type Row = Parameters<typeof toDetail>[0] & {
  times_opened: number;
  total_bet: number;
  total_won: number;
  average_multiplier: number | null;
  best_multiplier: number | null;
  biggest_win: number | null;
  biggest_win_hunt_id: number | null;
  biggest_win_hunt_name: string | null;
  last_played_at: Date | null;
};

const toItem = (r: Row): SlotCatalogueItem => ({
  ...toDetail(r),
  figures: {
    times_opened: r.times_opened,
    total_bet: r.total_bet,
    total_won: r.total_won,
    average_multiplier: r.average_multiplier,
    best_multiplier: r.best_multiplier,
    biggest_win: r.biggest_win,
    biggest_win_hunt:
      r.biggest_win_hunt_id === null
        ? null
        : { id: r.biggest_win_hunt_id, name: r.biggest_win_hunt_name ?? defaultHuntName(r.biggest_win_hunt_id) },
    last_played_at: isoOrNull(r.last_played_at),
  },
});

/** The public catalogue: slots with their stored figures (the worker's; nothing is computed here). */
@Injectable()
export class SlotCatalogueReadRepository {
  async page(
    em: EntityManager,
    query: SlotCatalogueQuery,
    limit: number,
    offset: number,
  ): Promise<{ total: number; rows: SlotCatalogueItem[] }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.search) {
      const pattern = `%${query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push('(lower(s.name) like ? or lower(p.name) like ?)');
      params.push(pattern, pattern);
    }
    if (query.provider_id !== undefined) {
      where.push('s.provider_id = ?');
      params.push(query.provider_id);
    }
    if (query.volatility) {
      where.push('s.volatility = ?');
      params.push(query.volatility);
    }
    // A slot is in the range when one of its published variants is.
    if (query.rtp_min !== undefined || query.rtp_max !== undefined) {
      where.push('exists (select 1 from unnest(s.rtp) r where r >= ? and r <= ?)');
      params.push(query.rtp_min ?? 0, query.rtp_max ?? 100);
    }
    const filter = where.length ? `where ${where.join(' and ')}` : '';
    const [rows, [count]] = await Promise.all([
      em.execute<Row[]>(`select ${COLUMNS} ${FROM} ${filter} order by ${ORDER[query.sort]}, lower(s.name), s.id limit ? offset ?`, [
        ...params,
        limit,
        offset,
      ]),
      em.execute<{ n: number }[]>(`select count(*)::int as n ${FROM} ${filter}`, params),
    ]);
    return { total: count!.n, rows: rows.map(toItem) };
  }

  async one(em: EntityManager, id: number): Promise<SlotCatalogueItem | null> {
    const [row] = await em.execute<Row[]>(`select ${COLUMNS} ${FROM} where s.id = ?`, [id]);
    return row ? toItem(row) : null;
  }

  /** The finished hunts the slot appeared in, newest first, with its game in each. */
  async hunts(em: EntityManager, slotId: number, limit: number): Promise<SlotHuntAppearance[]> {
    const rows = await em.execute<
      { id: number; name: string | null; completed_at: Date; bet: number; win: number | null; multiplier: number | null }[]
    >(
      `select h.id, h.name, h.completed_at, g.bet::float8 as bet, g.win::float8 as win, g.multiplier::float8 as multiplier
       from hunt_games g join hunts h on h.id = g.hunt_id and h.status = 'completed'
       where g.slot_id = ? order by h.completed_at desc, h.id desc, g.position limit ?`,
      [slotId, limit],
    );
    return rows.map((r) => ({
      hunt: { id: r.id, name: r.name ?? defaultHuntName(r.id) },
      completed_at: new Date(r.completed_at).toISOString(),
      bet: r.bet,
      win: r.win,
      multiplier: r.multiplier,
    }));
  }
}
