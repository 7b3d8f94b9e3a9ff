import type { RaffleTemplate } from '@kickback/contracts';

/** A saved raffle template as the admin list answers it: a $25 gift card for 30 minutes, with the entry rules given. */
export const template = (id: number, name: string, rules: RaffleTemplate['settings']['entry_rules'] = null): RaffleTemplate => ({
  id,
  name,
  created_at: '2026-11-27T10:00:00Z',
  settings: {
    description: '',
    image: null,
    prize_description: '$25 gift card',
    prize_value_usd: 25,
    number_of_winners: 1,
    duration_minutes: 30,
    allow_passwordless_entry: true,
    allow_points_entry: false,
    points_per_entry: null,
    max_tickets_per_user: null,
    entry_rules: rules,
    claim_window_minutes: 10,
    casino_credit_prize: false,
  },
});
