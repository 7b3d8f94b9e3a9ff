import type { ApiSuccess, LeaderboardData, LeaderboardPeriodDetail, LeaderboardPeriodList } from '@kickback/contracts';
import { baseApi } from '../../lib/api';
import { joinRoom, onServerEvent } from '../../lib/socket';

/**
 * The cached leaderboard (SPEC §7 GET /leaderboard) and the past periods. While a screen shows
 * the board it sits in the 'leaderboard' room; a 'leaderboard:updated' push refetches it, so new
 * standings appear without reload.
 */
export const leaderboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getLeaderboard: build.query<LeaderboardData, void>({
      query: () => '/api/r/leaderboard',
      transformResponse: (response: ApiSuccess<LeaderboardData>) =>
        response.data ?? { platforms: [], selected_platform: null, all_leaderboards: {} },
      providesTags: ['Leaderboard'],
      async onCacheEntryAdded(_arg, { cacheDataLoaded, cacheEntryRemoved, dispatch }) {
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        const leave = joinRoom('leaderboard');
        const off = onServerEvent('leaderboard:updated', () => {
          dispatch(leaderboardApi.util.invalidateTags(['Leaderboard']));
        });
        await cacheEntryRemoved;
        off();
        leave();
      },
    }),
    getLeaderboardPeriods: build.query<LeaderboardPeriodList, string>({
      query: (slug) => `/api/r/leaderboard/${encodeURIComponent(slug)}/periods`,
      transformResponse: (response: ApiSuccess<LeaderboardPeriodList>) => response.data as LeaderboardPeriodList,
      providesTags: ['Leaderboard'],
    }),
    getLeaderboardPeriod: build.query<LeaderboardPeriodDetail, { slug: string; id: number }>({
      query: ({ slug, id }) => `/api/r/leaderboard/${encodeURIComponent(slug)}/periods/${id}`,
      transformResponse: (response: ApiSuccess<LeaderboardPeriodDetail>) => response.data as LeaderboardPeriodDetail,
      providesTags: (_result, _error, { id }) => [{ type: 'Leaderboard', id }],
    }),
  }),
});

export const { useGetLeaderboardQuery, useGetLeaderboardPeriodsQuery, useGetLeaderboardPeriodQuery } = leaderboardApi;
