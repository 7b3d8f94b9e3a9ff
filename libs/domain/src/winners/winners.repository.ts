import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RecentWinner, WinnerSource } from '@kickback/contracts';
import { intArrayLiteral } from '@kickback/platform';

/** One prize paid, as the paying feature describes it. */
export interface WinnerRecord {
  source: WinnerSource;
  /** Unique per source: the same prize recorded twice (a retried job) stays one row. */
  reference: string;
  userId: number | null;
  /** Shown when the winner is no member (a leaderboard player); a member's current name is shown otherwise. */
  name: string;
  position: number;
  prize: string;
  prizeValueUsd: string | null;
  prizePoints: number | null;
  subject: { id: number; title: string; path: string };
  /** When it was won; now unless the demo seed dates it back. */
  wonAt?: Date;
  /** For the payout only: the unmasked casino username of a player who is no member (the list shows `name`). */
  casinoUsername?: string;
  /** For the payout only: the amount to send and its currency, where the prize is money in a currency of its own. */
  amount?: { value: string; currency: string };
  /** For the payout only: until when the winner may claim it (a raffle's claim window). */
  claimDeadline?: Date | null;
}

interface WinnerRow {
  id: string;
  source: WinnerSource;
  winner_name: string;
  position: number;
  prize: string;
  prize_value_usd: string | null;
  prize_points: number | null;
  subject_id: string;
  subject_title: string;
  subject_path: string;
  won_at: Date;
  user_id: number | null;
  username: string | null;
  kick_username: string | null;
  avatar_url: string | null;
}

const toWinner = (r: WinnerRow): RecentWinner => ({
  id: Number(r.id),
  source: r.source,
  user:
    r.user_id !== null && r.username !== null
      ? { id: r.user_id, username: r.username, kick_username: r.kick_username, avatar: r.avatar_url, avatar_url: r.avatar_url }
      : null,
  name: r.user_id !== null && r.username !== null ? r.kick_username || r.username : r.winner_name,
  position: r.position,
  prize: r.prize,
  prize_value_usd: r.prize_value_usd === null ? null : Number(r.prize_value_usd),
  prize_points: r.prize_points,
  subject: { id: Number(r.subject_id), title: r.subject_title, path: r.subject_path },
  won_at: new Date(r.won_at).toISOString(),
});

const SELECT_WINNERS = `select w.id, w.source, w.winner_name, w.position, w.prize, w.prize_value_usd::text as prize_value_usd, w.prize_points,
         w.subject_id, w.subject_title, w.subject_path, w.won_at, u.id as user_id, u.username, u.kick_username, u.avatar_url
    from prize_winners w left join users u on u.id = w.user_id`;
/** The page's order, newest first; the browser sorts pushed rows into its first page the same way (winners-cache.ts). */
const LIST_ORDER = 'order by w.won_at desc, w.source, w.subject_id desc, w.position, w.id desc';

/** The winners ledger's SQL (table prize_winners); users are joined only for names and avatars. */
@Injectable()
export class WinnersRepository {
  /** Inserts once per (source, reference); answers the new row's id, or null when it was already there. */
  async insert(em: EntityManager, w: WinnerRecord): Promise<number | null> {
    const rows = await em.execute<{ id: string }[]>(
      `insert into prize_winners (source, reference, user_id, winner_name, position, prize, prize_value_usd, prize_points, subject_id, subject_title, subject_path, won_at)
       values (?, ?, ?, ?, ?, ?, ?::numeric, ?, ?, ?, ?, coalesce(?::timestamptz, now())) on conflict (source, reference) do nothing returning id`,
      [
        w.source,
        w.reference,
        w.userId,
        w.name.slice(0, 100),
        w.position,
        w.prize.slice(0, 500),
        w.prizeValueUsd,
        w.prizePoints,
        w.subject.id,
        w.subject.title.slice(0, 200),
        w.subject.path,
        w.wonAt ?? null,
      ],
    );
    return rows.length ? Number(rows[0]!.id) : null;
  }

  /** Removes a win that no longer stands (a rerolled raffle winner); answers the removed row's id, or null. */
  async remove(em: EntityManager, source: WinnerSource, reference: string): Promise<number | null> {
    const rows = await em.execute<{ id: string }[]>('delete from prize_winners where source = ? and reference = ? returning id', [
      source,
      reference,
    ]);
    return rows.length ? Number(rows[0]!.id) : null;
  }

  /** The rows of these ids that still exist, as the page lists them and in its order. */
  async byIds(em: EntityManager, ids: readonly number[]): Promise<RecentWinner[]> {
    if (ids.length === 0) return [];
    const rows = await em.execute<WinnerRow[]>(`${SELECT_WINNERS} where w.id = any(?::bigint[]) ${LIST_ORDER}`, [intArrayLiteral(ids)]);
    return rows.map(toWinner);
  }

  async page(
    em: EntityManager,
    source: WinnerSource | null,
    limit: number,
    offset: number,
  ): Promise<{ rows: RecentWinner[]; total: number }> {
    const [{ total }] = await em.execute<{ total: number }[]>(
      'select count(*)::int as total from prize_winners where (?::text is null or source = ?)',
      [source, source],
    );
    const rows = await em.execute<WinnerRow[]>(`${SELECT_WINNERS} where (?::text is null or w.source = ?) ${LIST_ORDER} limit ? offset ?`, [
      source,
      source,
      limit,
      offset,
    ]);
    return { rows: rows.map(toWinner), total };
  }

  /** The member's display name for a win row written inside the paying transaction. */
  /** A deleted member's wins keep their rows and show the pseudonym instead of the name recorded at the time. */
  async renameMember(em: EntityManager, userId: number, name: string): Promise<void> {
    await em.execute('update prize_winners set winner_name = ? where user_id = ?', [name, userId]);
  }

  async memberName(em: EntityManager, userId: number): Promise<string> {
    const [row] = await em.execute<{ name: string }[]>(
      `select coalesce(nullif(kick_username, ''), username) as name from users where id = ?`,
      [userId],
    );
    return row?.name ?? '';
  }
}
