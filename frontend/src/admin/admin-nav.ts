import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Role } from '@kickback/contracts';

export interface AdminSection {
  /** Path under /admin-new. */
  path: string;
  label: string;
  page: LazyExoticComponent<ComponentType>;
  /** Support staff may open this section too; every other section is for admins only. */
  staff?: boolean;
}

/**
 * The admin panel's sections: each entry is both a side-navigation link and a route,
 * so a new admin screen is added here and nowhere else.
 */
export const ADMIN_SECTIONS: AdminSection[] = [
  { path: 'settings', label: 'Site Settings', page: lazy(() => import('./pages/site-settings-page')) },
  { path: 'affiliates', label: 'Affiliates', page: lazy(() => import('./pages/affiliates-page')) },
  { path: 'raffles', label: 'Raffles', page: lazy(() => import('./pages/raffles-admin-page')) },
  { path: 'leaderboard', label: 'Leaderboard', page: lazy(() => import('./pages/leaderboard-platforms-page')) },
  { path: 'bonus-hunts', label: 'Bonus Hunts', page: lazy(() => import('./bonus-hunts/bonus-hunts-admin-page')) },
  { path: 'tournaments', label: 'Tournaments', page: lazy(() => import('./pages/tournaments-admin-page')) },
  { path: 'store-items', label: 'Store Items', page: lazy(() => import('./pages/store-items-page')) },
  { path: 'store-redemptions', label: 'Redemptions', page: lazy(() => import('./pages/store-redemptions-page')) },
  { path: 'users', label: 'Users & Points', page: lazy(() => import('./pages/store-users-points-page')) },
  { path: 'contact-messages', label: 'Messages', page: lazy(() => import('./pages/contact-messages-page')) },
  { path: 'tickets', label: 'Support Tickets', page: lazy(() => import('./pages/tickets-admin-page')), staff: true },
  { path: 'ticket-categories', label: 'Ticket Categories', page: lazy(() => import('./ticket-categories/ticket-categories-page')) },
  { path: 'audit-log', label: 'Audit Log', page: lazy(() => import('./pages/audit-log-page')) },
  { path: 'queues', label: 'Background Jobs', page: lazy(() => import('./pages/queues-page')) },
];

/** The sections a role may open: admins all of them, staff only the support ones, members none. */
export const adminSectionsFor = (role: Role | undefined): AdminSection[] =>
  ADMIN_SECTIONS.filter((section) => role === 'Admin' || (role === 'staff' && section.staff === true));
