import type { EntityManager } from '@mikro-orm/postgresql';
import { TOURNAMENT_STANDINGS_LIMIT } from '@kickback/contracts';
import type {
  AdminTournament,
  TournamentDetail,
  TournamentListItem,
  TournamentMatch,
  TournamentSize,
  TournamentTopPrediction,
} from '@kickback/contracts';
import { isoOrNull } from '@kickback/platform';

/** Every read of tournaments, matches, picks and standings, shared by the public, admin, push and prize paths; writes are in tournament-writes.repository.ts. */

export interface TournamentRow {
  id: number;
  name: string;
  size: TournamentSize;
  is_active: boolean;
  predictions_active: boolean;
  prize_points: number[];
  completed_at: Date | null;
  created_at: Date;
  matches_count: number;
  decided_count: number;
  predictions_count: number;
  winner: string | null;
}

export interface MatchRow {
  id: number;
  tournament_id: number;
  round: number;
  match_number: number;
  slot1_name: string | null;
  slot2_name: string | null;
  slot1_multiplier: string | null;
  slot2_multiplier: string | null;
  winner_name: string | null;
}

const TOURNAMENT_COLUMNS = `t.id, t.name, t.size, t.is_active, t.predictions_active, t.prize_points, t.completed_at, t.created_at,
  (select count(*) from tournament_matches m where m.tournament_id = t.id)::int as matches_count,
  (select count(*) from tournament_matches m where m.tournament_id = t.id and m.winner_name is not null)::int as decided_count,
  (select count(distinct p.user_id) from tournament_predictions p where p.tournament_id = t.id)::int as predictions_count,
  (select m.winner_name from tournament_matches m where m.tournament_id = t.id order by m.round desc, m.match_number limit 1) as winner`;

export async function loadTournament(
  em: EntityManager,
  id: number,
  lock: '' | 'for share' | 'for update' = '',
): Promise<TournamentRow | null> {
  if (lock) await em.execute(`select id from tournaments where id = ? ${lock}`, [id]);
  const [row] = await em.execute<TournamentRow[]>(`select ${TOURNAMENT_COLUMNS} from tournaments t where t.id = ?`, [id]);
  return row ?? null;
}

export async function loadTournaments(em: EntityManager): Promise<TournamentRow[]> {
  return em.execute<TournamentRow[]>(
    `select ${TOURNAMENT_COLUMNS} from tournaments t where t.archived_at is null order by t.created_at desc, t.id desc`,
  );
}

export async function loadMatches(em: EntityManager, tournamentId: number, lock: '' | 'for update' = ''): Promise<TournamentMatch[]> {
  const rows = await em.execute<MatchRow[]>(
    `select id, tournament_id, round, match_number, slot1_name, slot2_name, slot1_multiplier::text as slot1_multiplier,
            slot2_multiplier::text as slot2_multiplier, winner_name
     from tournament_matches where tournament_id = ? order by round, match_number ${lock}`,
    [tournamentId],
  );
  return rows.map(toMatch);
}

export function toMatch(row: MatchRow): TournamentMatch {
  return {
    id: row.id,
    round: row.round,
    match_number: row.match_number,
    slot1_name: row.slot1_name,
    slot2_name: row.slot2_name,
    slot1_multiplier: row.slot1_multiplier === null ? null : Number(row.slot1_multiplier),
    slot2_multiplier: row.slot2_multiplier === null ? null : Number(row.slot2_multiplier),
    winner_name: row.winner_name,
  };
}

export function toListItem(row: TournamentRow): TournamentListItem {
  return {
    id: row.id,
    name: row.name,
    size: row.size,
    is_active: row.is_active,
    predictions_active: row.predictions_active,
    matches_count: row.matches_count,
    predictions_count: row.predictions_count,
    progress: row.matches_count === 0 ? 0 : Math.round((row.decided_count * 100) / row.matches_count),
    winner: row.winner,
    prize_points: row.prize_points,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export async function loadDetail(em: EntityManager, id: number): Promise<AdminTournament | null> {
  const row = await loadTournament(em, id);
  if (!row) return null;
  const detail: TournamentDetail = { ...toListItem(row), matches: await loadMatches(em, id) };
  return { ...detail, completed_at: isoOrNull(row.completed_at) };
}

interface StandingRow {
  user_id: number;
  username: string;
  kick_username: string | null;
  avatar_url: string | null;
  correct: number;
  decided: number;
  picks: number;
  accuracy: string;
}

const toStanding = (r: StandingRow): TournamentTopPrediction => ({
  user: { id: r.user_id, username: r.username, kick_username: r.kick_username, avatar_url: r.avatar_url },
  accuracy: Number(r.accuracy),
  correct: r.correct,
  total: r.decided,
  picks: r.picks,
});

/** Accuracy is computed by PostgreSQL as a rounded percent of the decided picks. */
const ACCURACY = 'coalesce(round(100.0 * s.correct / nullif(s.decided, 0), 1), 0)::text as accuracy';

/**
 * Members ranked by correct picks, then accuracy (correct / decided picks), then whoever
 * predicted first.
 */
export async function loadStandings(
  em: EntityManager,
  tournamentId: number,
  limit = TOURNAMENT_STANDINGS_LIMIT,
): Promise<TournamentTopPrediction[]> {
  const rows = await em.execute<StandingRow[]>(
    `select s.*, ${ACCURACY}
     from (
       select p.user_id, u.username, u.kick_username, u.avatar_url,
              count(*) filter (where m.winner_name is not null and m.winner_name = p.predicted_winner_name)::int as correct,
              count(*) filter (where m.winner_name is not null)::int as decided,
              count(*)::int as picks,
              min(p.created_at) as first_at
       from tournament_predictions p
       join tournament_matches m on m.id = p.match_id
       join users u on u.id = p.user_id
       where p.tournament_id = ?
       group by p.user_id, u.username, u.kick_username, u.avatar_url
     ) s
     order by s.correct desc, coalesce(s.correct::numeric / nullif(s.decided, 0), 0) desc, s.first_at asc, s.user_id asc
     limit ?`,
    [tournamentId, limit],
  );
  return rows.map(toStanding);
}

/** One member's standings row (zeros when they have no pick), computed as loadStandings computes each row. */
export async function loadMemberStanding(em: EntityManager, tournamentId: number, userId: number): Promise<TournamentTopPrediction | null> {
  const [row] = await em.execute<StandingRow[]>(
    `select s.*, ${ACCURACY}
     from (
       select u.id as user_id, u.username, u.kick_username, u.avatar_url,
              count(m.id) filter (where m.winner_name is not null and m.winner_name = p.predicted_winner_name)::int as correct,
              count(m.id) filter (where m.winner_name is not null)::int as decided,
              count(p.id)::int as picks
       from users u
       left join tournament_predictions p on p.user_id = u.id and p.tournament_id = ?
       left join tournament_matches m on m.id = p.match_id
       where u.id = ?
       group by u.id, u.username, u.kick_username, u.avatar_url
     ) s`,
    [tournamentId, userId],
  );
  return row ? toStanding(row) : null;
}

/** Members with at least one pick in the tournament (the predictions_count of the list and detail). */
export async function countPredictors(em: EntityManager, tournamentId: number): Promise<number> {
  const [row] = await em.execute<{ n: number }[]>(
    'select count(distinct user_id)::int as n from tournament_predictions where tournament_id = ?',
    [tournamentId],
  );
  return row?.n ?? 0;
}

/** A member's picks of one tournament, by match. */
export function memberPicks(
  em: EntityManager,
  tournamentId: number,
  userId: number,
): Promise<{ match_id: number; predicted_winner_name: string }[]> {
  return em.execute<{ match_id: number; predicted_winner_name: string }[]>(
    'select match_id, predicted_winner_name from tournament_predictions where tournament_id = ? and user_id = ? order by match_id',
    [tournamentId, userId],
  );
}

export async function tournamentExists(em: EntityManager, id: number): Promise<boolean> {
  return (await em.execute('select id from tournaments where id = ?', [id])).length > 0;
}

/** A member's picks in bracket order, each with the match result once decided. */
export function memberPicksWithResults(
  em: EntityManager,
  tournamentId: number,
  userId: number,
): Promise<{ match_id: number; round: number; match_number: number; predicted_winner_name: string; winner_name: string | null }[]> {
  return em.execute(
    `select p.match_id, m.round, m.match_number, p.predicted_winner_name, m.winner_name
     from tournament_predictions p join tournament_matches m on m.id = p.match_id
     where p.tournament_id = ? and p.user_id = ? order by m.round, m.match_number`,
    [tournamentId, userId],
  );
}
