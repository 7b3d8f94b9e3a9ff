import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { selectCsrfToken, type SessionState } from './session-slice';

/** Every tag any feature provides or invalidates, declared once so features can invalidate each other's data. */
export const TAG_TYPES = [
  'SiteSettings',
  'Affiliates',
  'Stats',
  'Legal',
  'Leaderboard',
  'Store',
  'Redemptions',
  'PointsHistory',
  'AdminStoreItems',
  'AdminStoreCodes',
  'AdminRedemptions',
  'AdminUsers',
  'AdminUserLedger',
  'Profile',
  'Friends',
  'UserSettings',
  'Raffles',
  'RaffleEntries',
  'RecentWinners',
  'Tournaments',
  'BonusHunts',
  'HuntPredictions',
  'Tickets',
  'TicketCategories',
  'Captcha',
  'AdminSettings',
  'AdminQueues',
  'AdminAffiliates',
  'AuditLog',
  'AdminLeaderboard',
  'AdminContactMessages',
] as const;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const requestMethod = (arg: string | { method?: string }): string =>
  (typeof arg === 'string' ? 'GET' : (arg.method ?? 'GET')).toUpperCase();

/** The only place API calls get the CSRF header: the server rejects any state change without it. */
export function prepareApiHeaders(
  headers: Headers,
  { getState, arg }: { getState: () => unknown; arg: string | { method?: string } },
): Headers {
  headers.set('Accept', 'application/json');
  if (!SAFE_METHODS.has(requestMethod(arg))) {
    headers.set('X-CSRF-TOKEN', selectCsrfToken(getState() as { session: SessionState }));
  }
  return headers;
}

export const baseQuery = fetchBaseQuery({
  baseUrl: '/',
  credentials: 'same-origin',
  prepareHeaders: prepareApiHeaders,
});

/** The one RTK Query api; features add endpoints with injectEndpoints. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});
