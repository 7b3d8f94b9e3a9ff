import type { AdminPlatform } from '@kickback/contracts';

/** Answers the leaderboard platforms screen's tests share: a Roobet platform with a stored secret and a failed fetch. */
export const platform = (over: Partial<AdminPlatform>): AdminPlatform => ({
  id: 1,
  name: 'Roobet',
  slug: 'roobet',
  currency_symbol: '$',
  source_type: 'roobet',
  source_config: { user_id: 'aff-1', timeout_ms: 5000 },
  credentials: 'set',
  period_type: 'monthly',
  custom_start: null,
  custom_end: null,
  prizes: [1000, 500],
  mask_usernames: true,
  excluded_usernames: ['streamer'],
  is_active: true,
  display_order: 0,
  refresh_interval_seconds: 300,
  display_count: 100,
  countries: { mode: 'everywhere', countries: [] },
  last_updated: '2026-11-29T08:00:00.000Z',
  last_error: 'HTTP 401 from Roobet',
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  ...over,
});
