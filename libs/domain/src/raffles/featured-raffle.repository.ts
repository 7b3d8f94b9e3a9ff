import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';

/** The raffle on stream (featured_items, kind 'raffle') and the default when none is chosen. */
@Injectable()
export class FeaturedRaffleRepository {
  /**
   * The chosen raffle until it is drawn or cancelled, else the newest raffle taking entries now (so the next giveaway
   * goes on stream by itself once the chosen one is over).
   */
  async resolve(em: EntityManager): Promise<number | null> {
    const [row] = await em.execute<{ id: number | null }[]>(
      `select coalesce(
         (select r.id from featured_items f join raffles r on r.id = f.item_id where f.kind = 'raffle' and r.cancelled_at is null and r.drawn_at is null),
         (select r.id from raffles r where r.cancelled_at is null and r.drawn_at is null and r.starts_at <= now() and r.ends_at > now()
          order by r.id desc limit 1)
       ) as id`,
    );
    return row?.id ?? null;
  }

  /**
   * The raffle that was on stream and taking entries at `at` (resolve's rule, read as of then), or null when none was;
   * `known` is false when the admin chose another raffle since `at`, since which one was on stream before is not kept.
   */
  async resolveAt(em: EntityManager, at: Date): Promise<{ id: number | null; known: boolean }> {
    const live = `(r.cancelled_at is null or r.cancelled_at > ?::timestamptz) and (r.drawn_at is null or r.drawn_at > ?::timestamptz)`;
    const open = `r.created_at <= ?::timestamptz and r.starts_at <= ?::timestamptz and r.ends_at > ?::timestamptz`;
    const [row] = await em.execute<
      { chosen_since: Date | null; chosen: number | null; chosen_open: boolean | null; newest: number | null }[]
    >(
      `select f.updated_at as chosen_since, r.id as chosen, (${open}) as chosen_open,
         (select r.id from raffles r where ${live} and ${open} order by r.id desc limit 1) as newest
       from (select 1) one
       left join featured_items f on f.kind = 'raffle'
       left join raffles r on r.id = f.item_id and ${live}`,
      Array.from({ length: 10 }, () => at),
    );
    if (row?.chosen_since && new Date(row.chosen_since).getTime() > at.getTime()) return { id: null, known: false };
    if (row?.chosen !== null && row?.chosen !== undefined) return { id: row.chosen_open ? row.chosen : null, known: true };
    return { id: row?.newest ?? null, known: true };
  }

  /** Whether the raffle exists and is neither cancelled nor drawn: only such a raffle can go on stream. */
  async featurable(em: EntityManager, raffleId: number): Promise<boolean> {
    const rows = await em.execute('select 1 from raffles where id = ? and cancelled_at is null and drawn_at is null', [raffleId]);
    return rows.length > 0;
  }
}
