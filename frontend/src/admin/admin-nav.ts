import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Role } from '@kickback/contracts';

export interface AdminSection {
  /** Path under /admin-new. */
  path: string;
  label: string;
  page: LazyExoticComponent<ComponentType>;
  /** The non-admin roles that may open this section too; every other section is for admins only. */
  alsoFor?: readonly ('staff' | 'moderator')[];
}

/**
 * The admin panel's sections: each entry is both a side-navigation link and a route,
 * so a new admin screen is added here and nowhere else.
 */
export const ADMIN_SECTIONS: AdminSection[] = [
  // First: the panel opens here, on what runs during a stream.
  { path: 'go-live', label: 'Go live', page: lazy(() => import('./go-live/go-live-page')), alsoFor: ['moderator'] },
  { path: 'settings', label: 'Site Settings', page: lazy(() => import('./site/site-settings-page')) },
  { path: 'affiliates', label: 'Affiliates', page: lazy(() => import('./site/affiliates-page')) },
  { path: 'raffles', label: 'Raffles', page: lazy(() => import('./raffles/raffles-admin-page')) },
  { path: 'leaderboard', label: 'Leaderboard', page: lazy(() => import('./leaderboard/leaderboard-platforms-page')) },
  { path: 'races', label: 'Wager Races', page: lazy(() => import('./races/races-admin-page')) },
  { path: 'bonus-hunts', label: 'Bonus Hunts', page: lazy(() => import('./bonus-hunts/bonus-hunts-admin-page')) },
  { path: 'tournaments', label: 'Tournaments', page: lazy(() => import('./tournaments/tournaments-admin-page')) },
  { path: 'store-items', label: 'Store Items', page: lazy(() => import('./store/store-items-page')) },
  { path: 'store-redemptions', label: 'Redemptions', page: lazy(() => import('./store/store-redemptions-page')) },
  { path: 'users', label: 'Users & Points', page: lazy(() => import('./economy/users-points-page')) },
  { path: 'points-import', label: 'Import points', page: lazy(() => import('./points-import/points-import-page')) },
  { path: 'activity', label: 'Activity', page: lazy(() => import('./activity/activity-admin-page')) },
  { path: 'kick-connection', label: 'Kick connection', page: lazy(() => import('./kick-connection/kick-connection-page')) },
  { path: 'contact-messages', label: 'Messages', page: lazy(() => import('./contact/contact-messages-page')) },
  { path: 'tickets', label: 'Support Tickets', page: lazy(() => import('./tickets/tickets-admin-page')), alsoFor: ['staff'] },
  { path: 'ticket-categories', label: 'Ticket Categories', page: lazy(() => import('./tickets/ticket-categories-page')) },
  { path: 'audit-log', label: 'Audit Log', page: lazy(() => import('./ops/audit-log-page')) },
  { path: 'queues', label: 'Background Jobs', page: lazy(() => import('./ops/queues-page')) },
  { path: 'overlays', label: 'Overlays', page: lazy(() => import('./overlays/overlays-page')) },
  { path: 'read-api', label: 'Read API', page: lazy(() => import('./read-api/read-api-page')) },
  { path: 'announcements', label: 'Announcements', page: lazy(() => import('./announcements/announcements-page')) },
  { path: 'achievements', label: 'Achievements', page: lazy(() => import('./progression/achievements-page')) },
  { path: 'badges', label: 'Badges', page: lazy(() => import('./progression/badges-page')) },
];

/** Whether a role may open a section: admins every one, staff the support ones, moderators Go live, members none. */
export const mayOpen = (role: Role | undefined, section: AdminSection): boolean =>
  role === 'Admin' || ((role === 'staff' || role === 'moderator') && (section.alsoFor ?? []).includes(role));

/** The sections a role may open, in navigation order. */
export const adminSectionsFor = (role: Role | undefined): AdminSection[] => ADMIN_SECTIONS.filter((section) => mayOpen(role, section));
