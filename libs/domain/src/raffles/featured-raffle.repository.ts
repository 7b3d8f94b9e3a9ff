import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';

/** A raffle taking entries now (alias n): what is on stream when nothing chosen is. */
const TAKING_ENTRIES = 'n.cancelled_at is null and n.drawn_at is null and n.starts_at <= now() and n.ends_at > now()';

/** The raffle on stream (featured_items, kind 'raffle') and the default when none is chosen. */
@Injectable()
export class FeaturedRaffleRepository {
  /**
   * The raffle on stream (docs/raffle-draws.md, "The raffle on stream"): the chosen raffle while it is neither
   * cancelled nor archived and, once drawn, until any raffle has started after its draw (its winners stay on stream
   * until the streamer moves on; once moved on, never back, even if that next raffle is cancelled); else the newest
   * raffle taking entries now.
   */
  async resolve(em: EntityManager): Promise<number | null> {
    const [row] = await em.execute<{ id: number | null }[]>(
      `select coalesce(
         (select r.id from featured_items f join raffles r on r.id = f.item_id
          where f.kind = 'raffle' and r.cancelled_at is null and r.archived_at is null
            and (r.drawn_at is null or not exists (
              select 1 from raffles n where n.starts_at <= now() and greatest(n.starts_at, n.created_at) > r.drawn_at))),
         (select n.id from raffles n where ${TAKING_ENTRIES} order by n.id desc limit 1)
       ) as id`,
    );
    return row?.id ?? null;
  }

  /**
   * The raffle that was on stream and taking entries at `at` (a chat command's moment): resolve's rule read as of then,
   * null when the raffle on stream then was drawn, not open yet or over. `known` is false when the admin chose another
   * raffle (or a draw kept one on stream) since `at`: which one was on stream before is not kept.
   */
  async resolveAt(em: EntityManager, at: Date): Promise<{ id: number | null; known: boolean }> {
    const open = (t: string) => `${t}.created_at <= ? and ${t}.starts_at <= ? and ${t}.ends_at > ?`;
    const standing = (t: string) =>
      `(${t}.cancelled_at is null or ${t}.cancelled_at > ?) and (${t}.archived_at is null or ${t}.archived_at > ?)`;
    const [row] = await em.execute<
      {
        chosen_since: Date | null;
        chosen: number | null;
        drawn: boolean | null;
        moved_on: boolean;
        chosen_open: boolean | null;
        newest: number | null;
      }[]
    >(
      `select f.updated_at as chosen_since, r.id as chosen, r.drawn_at <= ? as drawn,
         exists (select 1 from raffles n where n.starts_at <= ? and n.created_at <= ?
           and greatest(n.starts_at, n.created_at) > r.drawn_at) as moved_on,
         (${open('r')}) as chosen_open,
         (select n.id from raffles n where ${standing('n')} and (n.drawn_at is null or n.drawn_at > ?) and ${open('n')}
          order by n.id desc limit 1) as newest
       from (select 1) one
       left join featured_items f on f.kind = 'raffle'
       left join raffles r on r.id = f.item_id and ${standing('r')}`,
      Array.from({ length: 14 }, () => at),
    );
    if (row?.chosen_since && new Date(row.chosen_since).getTime() > at.getTime()) return { id: null, known: false };
    if (row?.chosen !== null && row?.chosen !== undefined) {
      // Drawn by then: its winners were on stream (nothing to join) until a raffle started after the draw.
      if (row.drawn && !row.moved_on) return { id: null, known: true };
      if (!row.drawn) return { id: row.chosen_open ? row.chosen : null, known: true };
    }
    return { id: row?.newest ?? null, known: true };
  }

  /** Whether the raffle exists and is neither cancelled nor drawn: only such a raffle can go on stream. */
  async featurable(em: EntityManager, raffleId: number): Promise<boolean> {
    const rows = await em.execute('select 1 from raffles where id = ? and cancelled_at is null and drawn_at is null', [raffleId]);
    return rows.length > 0;
  }

  /**
   * Keeps a raffle drawn while on stream there with its winners: a raffle that was on stream only as the default (the
   * newest taking entries) becomes the stored choice. The caller holds the draw's transaction.
   */
  async keepOnStream(em: EntityManager, raffleId: number): Promise<void> {
    await em.execute(
      `insert into featured_items (kind, item_id) values ('raffle', ?)
       on conflict (kind) do update set item_id = excluded.item_id, updated_at = now()`,
      [raffleId],
    );
  }
}
