import type { EntityManager } from '@mikro-orm/postgresql';
import { intArrayLiteral } from '@kickback/platform';
import type { MatchRow } from './tournaments.repository';

/** A match row locked for an admin change. */
export type MatchLockRow = Omit<MatchRow, 'tournament_id'>;

/** A first-round slot as the admin enters it (the multiplier as decimal text). */
export interface SlotInput {
  name: string;
  multiplier?: string | null;
}

/** The admin's and the members' writes on tournaments, matches and picks (reads are in tournaments.repository.ts). */
export async function insertTournament(
  em: EntityManager,
  input: { name: string; size: number; prizePoints: number[]; predictionsActive: boolean },
): Promise<number> {
  const [row] = await em.execute<{ id: number }[]>(
    'insert into tournaments (name, size, prize_points, predictions_active) values (?, ?, ?::int[], ?) returning id',
    [input.name, input.size, intArrayLiteral(input.prizePoints), input.predictionsActive],
  );
  return row!.id;
}

export async function insertMatch(
  em: EntityManager,
  tournamentId: number,
  round: number,
  matchNumber: number,
  a: SlotInput | null,
  b: SlotInput | null,
): Promise<void> {
  await em.execute(
    `insert into tournament_matches (tournament_id, round, match_number, slot1_name, slot2_name, slot1_multiplier, slot2_multiplier)
     values (?, ?, ?, ?, ?, ?::numeric, ?::numeric)`,
    [tournamentId, round, matchNumber, a?.name ?? null, b?.name ?? null, a?.multiplier ?? null, b?.multiplier ?? null],
  );
}

export async function updateTournament(
  em: EntityManager,
  id: number,
  change: { name: string | null; prizePoints: number[] | null; isActive: boolean; predictionsActive: boolean },
): Promise<void> {
  await em.execute(
    `update tournaments set name = coalesce(?, name), prize_points = coalesce(?::int[], prize_points), is_active = ?,
       predictions_active = ?, updated_at = now() where id = ?`,
    [change.name, change.prizePoints ? intArrayLiteral(change.prizePoints) : null, change.isActive, change.predictionsActive, id],
  );
}

/** Lower-cased names of the other first-round slots (names must be unique in a bracket). */
export async function otherRoundOneNames(em: EntityManager, tournamentId: number, exceptMatchId: number): Promise<Set<string>> {
  const rows = await em.execute<{ name: string }[]>(
    `select lower(n) as name from tournament_matches m, unnest(array[m.slot1_name, m.slot2_name]) n
     where m.tournament_id = ? and m.round = 1 and m.id <> ? and n is not null`,
    [tournamentId, exceptMatchId],
  );
  return new Set(rows.map((r) => r.name));
}

/** Members who picked a renamed slot keep their pick under its new name. */
export async function renamePicks(em: EntityManager, match: MatchLockRow, name1: string, name2: string): Promise<void> {
  await em.execute(
    `update tournament_predictions set predicted_winner_name = case when predicted_winner_name = ? then ? else ? end, updated_at = now()
     where match_id = ? and predicted_winner_name in (?, ?)`,
    [match.slot1_name, name1, name2, match.id, match.slot1_name, match.slot2_name],
  );
}

export async function updateMatchSlots(
  em: EntityManager,
  matchId: number,
  slots: {
    slot1Name: string | null;
    slot2Name: string | null;
    slot1Multiplier: string | number | null;
    slot2Multiplier: string | number | null;
  },
): Promise<void> {
  await em.execute(
    `update tournament_matches set slot1_name = ?, slot2_name = ?, slot1_multiplier = ?::numeric, slot2_multiplier = ?::numeric, updated_at = now()
     where id = ?`,
    [slots.slot1Name, slots.slot2Name, slots.slot1Multiplier, slots.slot2Multiplier, matchId],
  );
}

export async function lockMatch(em: EntityManager, tournamentId: number, matchId: number): Promise<MatchLockRow | null> {
  const [match] = await em.execute<MatchLockRow[]>(
    `select id, round, match_number, slot1_name, slot2_name, slot1_multiplier::text as slot1_multiplier, slot2_multiplier::text as slot2_multiplier,
            winner_name from tournament_matches where id = ? and tournament_id = ? for update`,
    [matchId, tournamentId],
  );
  return match ?? null;
}

export async function setMatchWinner(em: EntityManager, matchId: number, winnerName: string): Promise<void> {
  await em.execute('update tournament_matches set winner_name = ?, decided_at = now(), updated_at = now() where id = ?', [
    winnerName,
    matchId,
  ]);
}

/**
 * The match a winner of `from` moves into, locked: match n of a round feeds match ceil(n/2) of the next, an odd n into
 * its slot 1.
 */
export async function lockNextMatch(
  em: EntityManager,
  tournamentId: number,
  from: { round: number; match_number: number },
): Promise<{ id: number; winner_name: string | null; slot: 'slot1' | 'slot2' }> {
  const [next] = await em.execute<{ id: number; winner_name: string | null }[]>(
    'select id, winner_name from tournament_matches where tournament_id = ? and round = ? and match_number = ? for update',
    [tournamentId, from.round + 1, Math.ceil(from.match_number / 2)],
  );
  return { ...next!, slot: from.match_number % 2 === 1 ? 'slot1' : 'slot2' };
}

/** An undone winner leaves the match undecided again. */
export async function clearMatchWinner(em: EntityManager, matchId: number): Promise<void> {
  await em.execute('update tournament_matches set winner_name = null, decided_at = null, updated_at = now() where id = ?', [matchId]);
}

/** The next match's slot the undone winner had moved into is empty again, with any multiplier typed for it. */
export async function emptyNextSlot(em: EntityManager, nextMatchId: number, slot: 'slot1' | 'slot2'): Promise<void> {
  await em.execute(`update tournament_matches set ${slot}_name = null, ${slot}_multiplier = null, updated_at = now() where id = ?`, [
    nextMatchId,
  ]);
}

/** A corrected winner starts the next match without the old slot's multiplier. */
export async function fillNextSlot(em: EntityManager, nextMatchId: number, slot: 'slot1' | 'slot2', winnerName: string): Promise<void> {
  await em.execute(
    `update tournament_matches set ${slot}_name = ?, ${slot}_multiplier = case when ${slot}_name = ? then ${slot}_multiplier end, updated_at = now() where id = ?`,
    [winnerName, winnerName, nextMatchId],
  );
}

export async function completeTournament(em: EntityManager, id: number): Promise<void> {
  await em.execute(
    'update tournaments set completed_at = now(), predictions_active = false, is_active = false, updated_at = now() where id = ?',
    [id],
  );
}

export async function countPicks(em: EntityManager, tournamentId: number): Promise<number> {
  const [row] = await em.execute<{ n: number }[]>('select count(*)::int as n from tournament_predictions where tournament_id = ?', [
    tournamentId,
  ]);
  return row!.n;
}

export async function deleteTournament(em: EntityManager, id: number): Promise<void> {
  await em.execute('delete from tournaments where id = ?', [id]);
}

/** Whether predictions are open, read under a share lock so closing them waits for saves in flight. */
export async function lockPredictionsActive(em: EntityManager, tournamentId: number): Promise<boolean | null> {
  const [row] = await em.execute<{ predictions_active: boolean }[]>('select predictions_active from tournaments where id = ? for share', [
    tournamentId,
  ]);
  return row ? row.predictions_active : null;
}

export interface PickableMatch {
  id: number;
  tournament_id: number;
  slot1_name: string | null;
  slot2_name: string | null;
  winner_name: string | null;
}

export function lockPickableMatches(em: EntityManager, matchIds: number[]): Promise<PickableMatch[]> {
  return em.execute<PickableMatch[]>(
    'select id, tournament_id, slot1_name, slot2_name, winner_name from tournament_matches where id = any(?::int[]) order by id for share',
    [intArrayLiteral(matchIds)],
  );
}

export async function upsertPick(
  em: EntityManager,
  tournamentId: number,
  matchId: number,
  userId: number,
  winnerName: string,
): Promise<void> {
  await em.execute(
    `insert into tournament_predictions (tournament_id, match_id, user_id, predicted_winner_name) values (?, ?, ?, ?)
     on conflict (user_id, match_id) do update set predicted_winner_name = excluded.predicted_winner_name, updated_at = now()`,
    [tournamentId, matchId, userId, winnerName],
  );
}

/** Members with at least one pick in the tournament (progression awards them when it completes). */
export async function predictorIds(em: EntityManager, tournamentId: number): Promise<number[]> {
  const rows = await em.execute<{ user_id: number }[]>('select distinct user_id from tournament_predictions where tournament_id = ?', [
    tournamentId,
  ]);
  return rows.map((r) => r.user_id);
}

/** Archives every completed tournament; answers their names by id. */
export function archiveCompleted(em: EntityManager): Promise<{ id: number; name: string }[]> {
  return em.execute(`update tournaments set archived_at = now() where archived_at is null and completed_at is not null returning id, name`);
}

/** Archived tournaments, the newest archived first. */
export function archivedTournaments(em: EntityManager, limit: number): Promise<{ id: number; title: string; archived_at: Date }[]> {
  return em.execute(
    `select id, name as title, archived_at from tournaments where archived_at is not null order by archived_at desc, id desc limit ?`,
    [limit],
  );
}

/** Lists an archived tournament again; answers its name, or nothing when it is not archived. */
export async function restoreTournament(em: EntityManager, id: number): Promise<{ id: number; title: string } | undefined> {
  const [row] = await em.execute<{ id: number; title: string }[]>(
    `update tournaments set archived_at = null where id = ? and archived_at is not null returning id, name as title`,
    [id],
  );
  return row;
}
