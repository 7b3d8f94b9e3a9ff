import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import type { ApiSuccess, Pagination } from '@kickback/contracts';
import { selectCsrfToken, type SessionState } from './session-slice';

/** Every tag any feature provides or invalidates, declared once so features can invalidate each other's data. */
export const TAG_TYPES = [
  'SiteSettings',
  'Affiliates',
  'Safety',
  'SafetyCountries',
  'SafetySettings',
  'SafetyOverview',
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
  'AdminOverlays',
  'Tournaments',
  'TournamentPicks',
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
  'Races',
  'AdminRaces',
  'AdminContactMessages',
  'AdminActivity',
  'AdminAchievements',
  'AdminBadges',
  'AdminUserXp',
  'AdminPointsImports',
  'AdminSlots',
  'Slots',
  'SlotRequests',
  'AdminReadApiTokens',
  'AdminAnnouncements',
  'AdminAnnouncementDeliveries',
  'AccountExport',
  'Contests',
  'ContestTemplates',
  'Polls',
  'MyPrizes',
  'PublicPayouts',
  'AdminPayouts',
  'AdminPayoutSettings',
  'PayoutsOverdue',
] as const;
export type TagType = (typeof TAG_TYPES)[number];

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const ADMIN_API = '/api/admin/';

const requestPath = (arg: string | FetchArgs): string => (typeof arg === 'string' ? arg : arg.url);

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

const fetchQuery = fetchBaseQuery({
  baseUrl: '/',
  credentials: 'same-origin',
  prepareHeaders: prepareApiHeaders,
});

/** What an answer said besides its `data`: the message for toasts and any other top-level block (pagination). */
export interface EnvelopeMeta extends FetchBaseQueryMeta {
  message?: string;
  extra: Record<string, unknown>;
}

const isSuccessEnvelope = (body: unknown): body is { success: true; data?: unknown; message?: string } =>
  typeof body === 'object' && body !== null && (body as { success?: unknown }).success === true;

/**
 * The SPEC envelope `{ success, data, message, ... }` is unwrapped here, once: endpoints receive `data` and find
 * the message and the other blocks (pagination) in `meta`. Failures keep the whole envelope in `error.data`.
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, object, EnvelopeMeta> = async (
  args,
  api,
  extraOptions,
) => {
  const result = await fetchQuery(args, api, extraOptions);
  const meta: EnvelopeMeta = { ...result.meta, extra: {} } as EnvelopeMeta;
  if (result.error || !isSuccessEnvelope(result.data)) return { ...result, meta };
  // The server audits every admin action (even one that only reveals a secret), so the log is stale after any of them.
  if (api.type === 'mutation' && requestPath(args).startsWith(ADMIN_API)) api.dispatch(baseApi.util.invalidateTags(['AuditLog']));
  const {
    success: _success,
    data,
    message,
    ...extra
  } = result.data as { success: true; data?: unknown; message?: string } & Record<string, unknown>;
  // RTK Query needs a defined result: an answer with only a message has null data.
  return { data: data ?? null, meta: { ...meta, message, extra } };
};

/** The one RTK Query api; features add endpoints with injectEndpoints. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});

/** A paged list: the envelope's `data` and the pagination block it carries beside it. */
export const pagedList = <T>(data: T[] | undefined, meta: EnvelopeMeta | undefined): { data: T[]; pagination: Pagination } => ({
  data: data ?? [],
  pagination: meta?.extra.pagination as Pagination,
});

/** The answer as the envelope, for mutations whose callers toast the server's message. */
export const withMessage = <T>(data: T, meta: EnvelopeMeta | undefined): ApiSuccess<T> => ({ success: true, data, message: meta?.message });
