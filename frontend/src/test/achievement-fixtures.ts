import type { AdminAchievement } from '@kickback/contracts';

/** An achievement as the admin list answers it: Raffle Regular, active, for 10 raffle entries. */
export const achievement = (over: Partial<AdminAchievement> = {}): AdminAchievement => ({
  id: 1,
  name: 'Raffle Regular',
  icon: '🎟️',
  description: 'Enter 10 raffles',
  category: 'raffles',
  rule: { counter: 'raffle_entries', threshold: 10 },
  active: true,
  unlocked_count: 3,
  created_at: '2026-11-01T00:00:00Z',
  ...over,
});
