/** One section of the admin panel as its side navigation names it. */
export interface AdminSectionEntry {
  /** Path under /admin-new. */
  path: string;
  label: string;
  /** The non-admin roles that may open this section too; every other section is for admins only. */
  alsoFor?: readonly ('staff' | 'moderator')[];
}

/**
 * The admin panel's sections in navigation order, without their pages: admin-nav.ts gives each its page, and the
 * browser tests walk every one from here (this file imports no React), so a new section cannot be missed by either.
 */
export const ADMIN_SECTION_LIST = [
  // First: the panel opens here, on what runs during a stream.
  { path: 'go-live', label: 'Go live', alsoFor: ['moderator'] },
  { path: 'settings', label: 'Site Settings' },
  { path: 'affiliates', label: 'Affiliates' },
  { path: 'safer-gambling', label: 'Safer Gambling' },
  { path: 'raffles', label: 'Raffles' },
  { path: 'leaderboard', label: 'Leaderboard' },
  { path: 'races', label: 'Wager Races' },
  { path: 'bonus-hunts', label: 'Bonus Hunts' },
  { path: 'tournaments', label: 'Tournaments' },
  { path: 'contest-templates', label: 'Contest Templates' },
  { path: 'slots', label: 'Slot Catalogue' },
  { path: 'slot-requests', label: 'Slot Requests' },
  { path: 'store-items', label: 'Store Items' },
  { path: 'store-redemptions', label: 'Redemptions' },
  { path: 'payouts', label: 'Payouts' },
  { path: 'users', label: 'Users & Points' },
  { path: 'points-import', label: 'Import points' },
  { path: 'activity', label: 'Activity' },
  { path: 'kick-connection', label: 'Kick connection' },
  { path: 'contact-messages', label: 'Messages' },
  { path: 'tickets', label: 'Support Tickets', alsoFor: ['staff'] },
  { path: 'ticket-categories', label: 'Ticket Categories' },
  { path: 'audit-log', label: 'Audit Log' },
  { path: 'queues', label: 'Background Jobs' },
  { path: 'overlays', label: 'Overlays' },
  { path: 'read-api', label: 'Read API' },
  { path: 'announcements', label: 'Announcements' },
  { path: 'achievements', label: 'Achievements' },
  { path: 'badges', label: 'Badges' },
] as const satisfies readonly AdminSectionEntry[];

export type AdminSectionPath = (typeof ADMIN_SECTION_LIST)[number]['path'];
