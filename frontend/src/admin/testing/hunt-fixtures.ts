import type { AdminHuntDetail } from '@kickback/contracts';

/** A hunt as the admin API answers it: Bonus Hunt #5 from $100, nothing opened yet; a test overrides what it is about. */
export function huntDetail(over: Partial<AdminHuntDetail> = {}): AdminHuntDetail {
  const games = over.games ?? [];
  return {
    id: 5,
    name: 'Bonus Hunt #5',
    status: 'preparing',
    predictions_active: false,
    starting_balance: 100,
    prize_points: [100],
    games_count: games.length,
    predictions_count: 0,
    created_at: '2026-11-22T00:00:00Z',
    completed_at: null,
    scored_at: null,
    games,
    statistics: {
      starting_balance: 100,
      winnings: 0,
      average_multiplier: 0,
      break_even_multiplier: 0,
      biggest_win: 0,
      highest_multiplier_game: null,
      projected_end_balance: 100,
      games_count: games.length,
      opened_count: 0,
    },
    ...over,
  };
}
