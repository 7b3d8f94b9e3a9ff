import type { OverlayKind } from '@kickback/contracts';

/** How the admin names each OBS overlay (the Overlays section and the Go live view). */
export const OVERLAY_LABELS: Record<OverlayKind, { name: string; description: string }> = {
  hunt: {
    name: 'Bonus Hunt board',
    description: 'Slots with bet, win and multiplier, running winnings, break-even; the slot just opened lights up.',
  },
  raffle: {
    name: 'Raffle',
    description: 'Entry count ticker and the last entrants, then the winners revealed with a QR code to verify the draw.',
  },
  tournament: { name: 'Tournament bracket', description: 'The active bracket; match winners light up as you set them.' },
  leaderboard: {
    name: 'Leaderboard',
    description: 'Top 10 of the leaderboard with prizes and the countdown to the end of the period, and the race on stream beside it.',
  },
  alerts: { name: 'Alerts ticker', description: 'Store redemptions, unlocked achievements and level-ups as they happen.' },
  race: {
    name: 'Wager race',
    description: 'The race on stream: its top 10 reordering live, the prizes and the countdown to its start or end.',
  },
  poll: {
    name: 'Poll',
    description: 'The poll on stream: each option with its votes and percent as they come in, and the time left to vote.',
  },
  'next-up': {
    name: 'Next up',
    description: 'The next three slot requests with who asked for them; a new request or a played slot shows at once.',
  },
};
