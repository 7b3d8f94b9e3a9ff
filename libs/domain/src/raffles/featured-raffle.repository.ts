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

  /** Whether the raffle exists and is neither cancelled nor drawn: only such a raffle can go on stream. */
  async featurable(em: EntityManager, raffleId: number): Promise<boolean> {
    const rows = await em.execute('select 1 from raffles where id = ? and cancelled_at is null and drawn_at is null', [raffleId]);
    return rows.length > 0;
  }
}
