import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Role } from '@kickback/contracts';
import { ADMIN_SECTION_LIST, type AdminSectionEntry, type AdminSectionPath } from './admin-sections';

export interface AdminSection extends AdminSectionEntry {
  page: LazyExoticComponent<ComponentType>;
}

/** Each section's page, loaded when first opened. */
const PAGES: Record<AdminSectionPath, LazyExoticComponent<ComponentType>> = {
  'go-live': lazy(() => import('./go-live/go-live-page')),
  settings: lazy(() => import('./site/site-settings-page')),
  affiliates: lazy(() => import('./site/affiliates-page')),
  'safer-gambling': lazy(() => import('./safety/safer-gambling-page')),
  raffles: lazy(() => import('./raffles/raffles-admin-page')),
  leaderboard: lazy(() => import('./leaderboard/leaderboard-platforms-page')),
  races: lazy(() => import('./races/races-admin-page')),
  'bonus-hunts': lazy(() => import('./bonus-hunts/bonus-hunts-admin-page')),
  tournaments: lazy(() => import('./tournaments/tournaments-admin-page')),
  'contest-templates': lazy(() => import('./contests/contest-templates-page')),
  slots: lazy(() => import('./slots/slot-catalogue-page')),
  'slot-requests': lazy(() => import('./slots/slot-requests-page')),
  'store-items': lazy(() => import('./store/store-items-page')),
  'store-redemptions': lazy(() => import('./store/store-redemptions-page')),
  payouts: lazy(() => import('./payouts/payouts-queue-page')),
  users: lazy(() => import('./economy/users-points-page')),
  'points-import': lazy(() => import('./points-import/points-import-page')),
  activity: lazy(() => import('./activity/activity-admin-page')),
  'kick-connection': lazy(() => import('./kick-connection/kick-connection-page')),
  'contact-messages': lazy(() => import('./contact/contact-messages-page')),
  tickets: lazy(() => import('./tickets/tickets-admin-page')),
  'ticket-categories': lazy(() => import('./tickets/ticket-categories-page')),
  'audit-log': lazy(() => import('./ops/audit-log-page')),
  queues: lazy(() => import('./ops/queues-page')),
  overlays: lazy(() => import('./overlays/overlays-page')),
  'read-api': lazy(() => import('./read-api/read-api-page')),
  announcements: lazy(() => import('./announcements/announcements-page')),
  achievements: lazy(() => import('./progression/achievements-page')),
  badges: lazy(() => import('./progression/badges-page')),
};

/**
 * The admin panel's sections: each entry is both a side-navigation link and a route, so a new admin screen is added
 * to ADMIN_SECTION_LIST (admin-sections.ts) and given its page here, and nowhere else.
 */
export const ADMIN_SECTIONS: AdminSection[] = ADMIN_SECTION_LIST.map((section) => ({ ...section, page: PAGES[section.path] }));

/** Whether a role may open a section: admins every one, staff the support ones, moderators Go live, members none. */
export const mayOpen = (role: Role | undefined, section: AdminSection): boolean =>
  role === 'Admin' || ((role === 'staff' || role === 'moderator') && (section.alsoFor ?? []).includes(role));

/** The sections a role may open, in navigation order. */
export const adminSectionsFor = (role: Role | undefined): AdminSection[] => ADMIN_SECTIONS.filter((section) => mayOpen(role, section));
