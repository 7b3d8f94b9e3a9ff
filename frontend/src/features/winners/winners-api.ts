import type { Pagination, RecentWinner } from '@kickback/contracts';
import { WINNERS_ROOM } from '@kickback/contracts/realtime';
import { baseApi, pagedList } from '../../lib/api';
import { followLive } from '../../lib/live-cache';

export interface RecentWinnersPage {
  data: RecentWinner[];
  pagination: Pagination;
}

/** The Recent Winners page: standing raffle winners, newest first (GET /api/r/winners); a draw anywhere refreshes it. */
export const winnersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getRecentWinners: build.query<RecentWinnersPage, number>({
      query: (page) => `/api/r/winners?page=${page}`,
      transformResponse: (data: RecentWinner[], meta) => pagedList(data, meta),
      providesTags: ['RecentWinners'],
      onCacheEntryAdded: (_page, lifecycle) =>
        followLive(lifecycle, (live) => {
          live.join(WINNERS_ROOM);
          live.on('raffle:drawn', () => lifecycle.dispatch(winnersApi.util.invalidateTags(['RecentWinners'])));
        }),
    }),
  }),
});

export const { useGetRecentWinnersQuery } = winnersApi;
