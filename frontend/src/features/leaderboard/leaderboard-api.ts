import type { LeaderboardData, LeaderboardPeriodDetail, LeaderboardPeriodList } from '@kickback/contracts';
import { LEADERBOARD_ROOM } from '@kickback/contracts/realtime';
import { baseApi } from '../../lib/api';
import { followLive } from '../../lib/live-cache';

/**
 * The cached leaderboard (SPEC §7 GET /leaderboard) and the past periods. While a screen shows
 * the board it sits in the 'leaderboard' room; a 'leaderboard:updated' push refetches it, so new
 * standings appear without reload.
 */
export const leaderboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getLeaderboard: build.query<LeaderboardData, void>({
      query: () => '/api/r/leaderboard',
      transformResponse: (data: LeaderboardData | undefined) => data ?? { platforms: [], selected_platform: null, all_leaderboards: {} },
      providesTags: ['Leaderboard'],
      onCacheEntryAdded: (_arg, lifecycle) =>
        followLive(lifecycle, (live) => {
          live.join(LEADERBOARD_ROOM);
          live.on('leaderboard:updated', () => lifecycle.dispatch(leaderboardApi.util.invalidateTags(['Leaderboard'])));
        }),
    }),
    getLeaderboardPeriods: build.query<LeaderboardPeriodList, string>({
      query: (slug) => `/api/r/leaderboard/${encodeURIComponent(slug)}/periods`,
      providesTags: ['Leaderboard'],
    }),
    getLeaderboardPeriod: build.query<LeaderboardPeriodDetail, { slug: string; id: number }>({
      query: ({ slug, id }) => `/api/r/leaderboard/${encodeURIComponent(slug)}/periods/${id}`,
      providesTags: (_result, _error, { id }) => [{ type: 'Leaderboard', id }],
    }),
  }),
});

export const { useGetLeaderboardQuery, useGetLeaderboardPeriodsQuery, useGetLeaderboardPeriodQuery } = leaderboardApi;
