import type { AdminBadge, AdminUserDetail, AdminXpLedger } from '@kickback/contracts';

/** Answers the user detail screen's tests share: ann, a member, her XP ledger and the badge catalogue. */
export const page = { current_page: 1, last_page: 1, per_page: 25, total: 1 };

export const userDetail = (over: Partial<AdminUserDetail> = {}): AdminUserDetail => ({
  id: 5,
  username: 'ann',
  kick_username: 'ann_k',
  role: 'member',
  banned_at: null,
  ban_reason: null,
  created_at: '2026-01-05T10:00:00Z',
  last_seen: '2026-11-20T10:00:00Z',
  ...over,
});

export const xpLedger = (over: Partial<AdminXpLedger> = {}): AdminXpLedger => ({
  user: { id: 5, username: 'ann' },
  xp: 2250,
  level: 3,
  rank: 4,
  badges: [{ id: 1, name: 'Founder', icon: '⭐', granted_by: 'rule', granted_at: '2026-11-01T00:00:00Z' }],
  achievements: [],
  data: [],
  pagination: page,
  ...over,
});

export const badge = (id: number, name: string, over: Partial<AdminBadge> = {}): AdminBadge => ({
  id,
  name,
  icon: '⭐',
  description: `${name} badge`,
  rule: null,
  holders_count: 0,
  created_at: '2026-11-01T00:00:00Z',
  ...over,
});
