import type { OverlayKind } from '@kickback/contracts';

/** How the API's messages name each overlay (the admin screens name them alike). */
export const OVERLAY_LABELS: Record<OverlayKind, string> = {
  hunt: 'Bonus Hunt board',
  raffle: 'Raffle overlay',
  tournament: 'Tournament bracket',
  leaderboard: 'Leaderboard overlay',
  alerts: 'Alerts ticker',
  race: 'Race overlay',
  poll: 'Poll overlay',
  'next-up': 'Next up overlay',
};
