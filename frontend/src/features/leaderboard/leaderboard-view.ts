import type { LeaderboardPlayer } from '@kickback/contracts';

export interface RankedPlayer extends LeaderboardPlayer {
  rank: number;
}

/** Table rows: ranks continue after the podium (SPEC §2 "Table ranks begin after the podium count"). */
export function tableRows(podiumCount: number, rest: LeaderboardPlayer[]): RankedPlayer[] {
  return rest.map((player, index) => ({ ...player, rank: podiumCount + index + 1 }));
}

/** 'Search players...' narrows the table only: a case-insensitive match on the shown name. */
export function filterPlayers(rows: RankedPlayer[], query: string): RankedPlayer[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return rows;
  return rows.filter((row) => row.displayName.toLowerCase().includes(needle) || row.username.toLowerCase().includes(needle));
}

/** The prize for a rank (1-based), or null when the rank wins nothing. */
export function prizeFor(prizes: number[], rank: number): number | null {
  const prize = prizes[rank - 1];
  return typeof prize === 'number' && prize > 0 ? prize : null;
}
