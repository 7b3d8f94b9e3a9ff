import type { AdminTournament, TournamentMatch } from '@kickback/contracts';

/** A match of a bracket as the admin answers it, without multipliers. */
export const match = (
  id: number,
  round: number,
  n: number,
  a: string | null,
  b: string | null,
  winner: string | null = null,
): TournamentMatch => ({
  id,
  round,
  match_number: n,
  slot1_name: a,
  slot2_name: b,
  slot1_multiplier: null,
  slot2_multiplier: null,
  winner_name: winner,
});

/** A four-slot cup: two first-round matches and an empty final. */
export const cup: AdminTournament = {
  id: 3,
  name: 'Cup',
  size: 4,
  is_active: true,
  predictions_active: true,
  matches_count: 3,
  predictions_count: 0,
  progress: 0,
  winner: null,
  prize_points: [100],
  created_at: '2026-11-22T00:00:00Z',
  completed_at: null,
  matches: [match(1, 1, 1, 'A', 'B'), match(2, 1, 2, 'C', 'D'), match(3, 2, 1, null, null)],
};
