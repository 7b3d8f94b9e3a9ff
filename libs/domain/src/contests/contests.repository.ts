import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ContestSettings, ContestStatus } from '@kickback/contracts';

export interface ContestRow {
  id: number;
  question: string;
  options: string[];
  min_stake: string;
  max_stake: string;
  status: ContestStatus;
  opened_at: Date;
  closes_at: Date | null;
  closed_at: Date | null;
  winning_option: number | null;
}

export interface StakeRow {
  user_id: number;
  option: number;
  points: string;
  first_staked_at: Date;
}

export interface PoolRow {
  option: number;
  pool: string;
  members: string;
}

const CONTEST_COLUMNS = 'id, question, options, min_stake, max_stake, status, opened_at, closes_at, closed_at, winning_option';

/** Where stakes are still taken: open and not past its timer. */
const TAKING_STAKES = "status = 'open' and (closes_at is null or closes_at > now())";

/** Every statement on contests, each on the em it is given so the service chooses the transaction. */
@Injectable()
export class ContestsRepository {
  async insert(em: EntityManager, settings: ContestSettings, openedBy: number): Promise<ContestRow> {
    const [row] = await em.execute<ContestRow[]>(
      `insert into contests (question, options, min_stake, max_stake, closes_at, opened_by)
       values (?, ?::jsonb, ?, ?, case when ?::int is null then null else now() + make_interval(secs => ?::int) end, ?)
       returning ${CONTEST_COLUMNS}`,
      [
        settings.question,
        JSON.stringify(settings.options),
        settings.min_stake,
        settings.max_stake,
        settings.window_seconds,
        settings.window_seconds,
        openedBy,
      ],
    );
    return row!;
  }

  async byId(em: EntityManager, id: number): Promise<ContestRow | null> {
    const [row] = await em.execute<ContestRow[]>(`select ${CONTEST_COLUMNS} from contests where id = ?`, [id]);
    return row ?? null;
  }

  /** The newest contest still open or closed but unsettled, or the latest settled one: what the site shows. */
  async current(em: EntityManager): Promise<ContestRow | null> {
    const [row] = await em.execute<ContestRow[]>(
      `select ${CONTEST_COLUMNS} from contests order by (status in ('open', 'closed')) desc, id desc limit 1`,
    );
    return row ?? null;
  }

  /**
   * The contest row share-locked while it takes stakes: concurrent stakes do not wait for each other, and a close,
   * resolve or cancel (which update the row) waits for them to commit. A stake arriving after such a change reads the
   * new row and finds nothing. Null when it takes no stakes now.
   */
  async lockTakingStakes(em: EntityManager, id: number): Promise<ContestRow | null> {
    const [row] = await em.execute<ContestRow[]>(`select ${CONTEST_COLUMNS} from contests where id = ? and ${TAKING_STAKES} for share`, [
      id,
    ]);
    return row ?? null;
  }

  /**
   * Adds points to the member's stake on `option`, creating it on the first stake, and answers the new total. Nothing
   * is written (null) when the member backs another option or the total would pass `max`; the caller refuses a total
   * under the minimum by failing its transaction.
   */
  async addStake(
    em: EntityManager,
    stake: { contestId: number; userId: number; option: number; points: number; max: number },
  ): Promise<{ points: string } | null> {
    const [row] = await em.execute<{ points: string }[]>(
      `insert into contest_stakes as s (contest_id, user_id, option, points)
       select ?, ?, ?, ? where ?::bigint <= ?
       on conflict (contest_id, user_id) do update set points = s.points + excluded.points
       where s.option = excluded.option and s.points + excluded.points <= ?
       returning points::text as points`,
      [stake.contestId, stake.userId, stake.option, stake.points, stake.points, stake.max, stake.max],
    );
    return row ?? null;
  }

  async stakeOf(em: EntityManager, contestId: number, userId: number): Promise<StakeRow | null> {
    const [row] = await em.execute<StakeRow[]>(
      'select user_id, option, points::text as points, first_staked_at from contest_stakes where contest_id = ? and user_id = ?',
      [contestId, userId],
    );
    return row ?? null;
  }

  stakes(em: EntityManager, contestId: number): Promise<StakeRow[]> {
    return em.execute<StakeRow[]>(
      'select user_id, option, points::text as points, first_staked_at from contest_stakes where contest_id = ? order by user_id',
      [contestId],
    );
  }

  pools(em: EntityManager, contestId: number): Promise<PoolRow[]> {
    return em.execute<PoolRow[]>(
      `select option, sum(points)::text as pool, count(*)::text as members from contest_stakes where contest_id = ? group by option`,
      [contestId],
    );
  }

  /** Stops stakes (compare-and-set on an open contest); null when it was not open. */
  async close(em: EntityManager, id: number): Promise<ContestRow | null> {
    const [row] = await em.execute<ContestRow[]>(
      `update contests set status = 'closed', closed_at = coalesce(least(closes_at, now()), now())
       where id = ? and status = 'open' returning ${CONTEST_COLUMNS}`,
      [id],
    );
    return row ?? null;
  }

  /**
   * Settles an unsettled contest (compare-and-set: of two admins, or a cancel and a resolve, exactly one moves it). The
   * update waits for stakes in flight (they share-lock the row), so the stakes read after it in this transaction are
   * final. Null when it was already settled.
   */
  async settle(
    em: EntityManager,
    id: number,
    to: { status: 'resolved' | 'cancelled' | 'refunded'; winningOption: number | null; by: number | null },
    condition = 'true',
  ): Promise<ContestRow | null> {
    const [row] = await em.execute<ContestRow[]>(
      `update contests set status = ?, winning_option = ?, settled_by = ?, settled_at = now(),
         closed_at = coalesce(closed_at, least(closes_at, now()), now())
       where id = ? and status in ('open', 'closed') and ${condition} returning ${CONTEST_COLUMNS}`,
      [to.status, to.winningOption, to.by, id],
    );
    return row ?? null;
  }
}

/** Only contests that stopped taking stakes at least `hours` ago may refund themselves. */
export const closedForHours = (hours: number): string =>
  `coalesce(closed_at, case when closes_at <= now() then closes_at end) <= now() - make_interval(hours => ${Math.trunc(hours)})`;
