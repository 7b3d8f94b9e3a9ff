import type { TournamentFilter, TournamentListItem, TournamentMatch } from '@kickback/contracts';

export const FILTER_TABS: { id: TournamentFilter; label: string }[] = [
  { id: 'all', label: 'All Tournaments' },
  { id: 'active', label: 'Active' },
  { id: 'predictions', label: 'Predictions Open' },
  { id: 'completed', label: 'Completed' },
];

/** SPEC §4: Completed = not active and every match decided. */
export function matchesFilter(t: TournamentListItem, filter: TournamentFilter): boolean {
  if (filter === 'active') return t.is_active;
  if (filter === 'predictions') return t.predictions_active;
  if (filter === 'completed') return !t.is_active && t.progress === 100;
  return true;
}

/**
 * The status badge: Active or Inactive (SPEC §4), except that a tournament with its winner decided is Finished — an
 * "Inactive" bracket with a champion reads as a fault.
 */
export function statusLabel(t: Pick<TournamentListItem, 'is_active' | 'winner'>): 'Active' | 'Inactive' | 'Finished' {
  if (t.winner) return 'Finished';
  return t.is_active ? 'Active' : 'Inactive';
}

export function cardLinkLabel(t: TournamentListItem): string {
  if (t.predictions_active) return 'Make Predictions';
  return t.is_active ? 'View Tournament' : 'View Results';
}

export function roundTitle(round: number, lastRound: number): string {
  return round === lastRound ? 'Final' : `Round ${round}`;
}

/** Matches grouped by round, in bracket order. */
export function groupByRound(matches: TournamentMatch[]): { round: number; matches: TournamentMatch[] }[] {
  const rounds = new Map<number, TournamentMatch[]>();
  for (const m of [...matches].sort((a, b) => a.round - b.round || a.match_number - b.match_number)) {
    rounds.set(m.round, [...(rounds.get(m.round) ?? []), m]);
  }
  return [...rounds.entries()].map(([round, list]) => ({ round, matches: list }));
}

/** SPEC §5: a pick is allowed only while both slots are known and the match is undecided. */
export const isPickable = (m: TournamentMatch): boolean => m.slot1_name !== null && m.slot2_name !== null && m.winner_name === null;
