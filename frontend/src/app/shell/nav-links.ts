/** SPEC §2 navigation, in display order. Router links stay inside the SPA. */
export interface NavLinkItem {
  to: string;
  label: string;
}

export const STREAM_LINKS: readonly NavLinkItem[] = [
  { to: '/bonus-hunts', label: 'Bonus Hunts' },
  { to: '/tournaments', label: 'Tournaments' },
  { to: '/raffles', label: 'Raffles' },
  { to: '/contests', label: 'Contests' },
  { to: '/polls', label: 'Polls' },
  { to: '/slots', label: 'Slots' },
];

export const SITE_LINKS: readonly NavLinkItem[] = [
  { to: '/leaderboard', label: 'Leaderboard' },
  { to: '/races', label: 'Races' },
  { to: '/store', label: 'Store' },
  { to: '/contact', label: 'Contact' },
  { to: '/winners', label: 'Recent Winners' },
];

export const MEMBER_LINKS: readonly NavLinkItem[] = [
  { to: '/profile', label: 'Profile' },
  { to: '/settings', label: 'Settings' },
  { to: '/tickets', label: 'My Tickets' },
  { to: '/prizes', label: 'My Prizes' },
];

/** Served by the server as separate pages, so they are plain anchors (full page loads). */
export const ADMIN_PATH = '/admin-new';
