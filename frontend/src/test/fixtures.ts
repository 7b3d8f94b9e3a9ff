import type { Affiliate, CurrentUser, SiteSettings, ViewerSafety } from '@kickback/contracts';
import { DEFAULT_THEME } from '@kickback/contracts/site-defaults';

export const settingsFixture: SiteSettings = {
  site_name: 'Spin City',
  site_description: 'Slots, hunts and giveaways every night.',
  casino: { crypto1_label: 'Stake', crypto2_label: 'Roobet', crypto3_label: 'Gamdom' },
  theme: { ...DEFAULT_THEME },
  kick_channel_slug: 'SpinCity',
  logo_url: null,
  powered_by: { label: 'Kickback', url: 'https://kickback.example' },
};

export const memberFixture: CurrentUser = {
  id: 7,
  username: 'lucky_lou',
  name: 'Lucky Lou',
  kick_username: 'luckylou',
  email: 'lou@example.com',
  role: 'member',
  avatar_url: null,
};

export const adminFixture: CurrentUser = { ...memberFixture, id: 1, username: 'boss', name: 'Boss', role: 'Admin' };

export const affiliateFixture: Affiliate = {
  id: 3,
  name: 'Stake',
  logo_url: '/uploads/stake.png',
  redirect_url: 'https://stake.example/?c=spin',
  code: 'SPINCITY',
  benefits: ['200% deposit bonus', 'Weekly rakeback'],
};

/** A viewer who answered the age question "Yes" in GB and is not on a break (window.__APP__.safety). */
export const viewerSafetyFixture = (over: Partial<ViewerSafety> = {}): ViewerSafety => ({
  country: 'GB',
  min_age: 18,
  gate: 'confirmed',
  offers: true,
  break: null,
  help: { name: 'BeGambleAware', url: 'https://www.begambleaware.org' },
  terms_line: '18+ · T&Cs apply',
  no_cash_value: 'Points have no cash value.',
  ...over,
});
