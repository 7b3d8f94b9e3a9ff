import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Pagination, RecentWinner } from '@kickback/contracts';
import { pagination } from '@kickback/platform';
import { toRaffleUser, type UserRow } from './raffle-rows';

const PER_PAGE = 24;

interface WinnerRow extends UserRow {
  raffle_id: number;
  title: string;
  image: string | null;
  prize_description: string;
  prize_value_usd: string;
  position: number;
  won_at: Date;
}

/** The Recent Winners page: every standing raffle winner, newest first (a reroll's winner dates from the reroll). */
@Injectable()
export class RecentWinnersService {
  constructor(private readonly em: EntityManager) {}

  async page(page: number): Promise<{ data: RecentWinner[]; pagination: Pagination }> {
    const em = this.em.fork();
    // A drawn raffle cannot be cancelled, so every standing winner row is a real win.
    const standing = `from raffle_winners w join raffles r on r.id = w.raffle_id join users u on u.id = w.user_id
      where w.rerolled_at is null`;
    const [{ total }] = await em.execute<{ total: number }[]>(`select count(*)::int as total ${standing}`);
    const rows = await em.execute<WinnerRow[]>(
      `select w.raffle_id, r.title, r.image, r.prize_description, r.prize_value_usd::text as prize_value_usd, w.position,
              w.created_at as won_at, u.id, u.username, u.kick_username, u.avatar_url
       ${standing} order by w.created_at desc, w.raffle_id desc, w.position limit ? offset ?`,
      [PER_PAGE, (page - 1) * PER_PAGE],
    );
    return {
      data: rows.map((row) => ({
        raffle: {
          id: row.raffle_id,
          title: row.title,
          image: row.image,
          prize_description: row.prize_description,
          prize_value_usd: Number(row.prize_value_usd),
        },
        user: toRaffleUser(row),
        position: row.position,
        won_at: new Date(row.won_at).toISOString(),
      })),
      pagination: pagination(page, PER_PAGE, total),
    };
  }
}
