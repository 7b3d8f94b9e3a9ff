import type { Pagination, RecentWinner, WinnerSource } from '@kickback/contracts';
import { WINNERS_ROOM } from '@kickback/contracts/realtime';
import { baseApi, pagedList } from '../../lib/api';
import { followLive } from '../../lib/live-cache';

export interface RecentWinnersPage {
  data: RecentWinner[];
  pagination: Pagination;
}

export interface RecentWinnersArgs {
  page: number;
  source: WinnerSource | null;
}

/** The Recent Winners page: every prize paid, newest first (GET /api/r/winners); a prize paid anywhere refreshes it. */
export const winnersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getRecentWinners: build.query<RecentWinnersPage, RecentWinnersArgs>({
      query: ({ page, source }) => `/api/r/winners?page=${page}${source ? `&source=${source}` : ''}`,
      transformResponse: (data: RecentWinner[], meta) => pagedList(data, meta),
      providesTags: ['RecentWinners'],
      onCacheEntryAdded: (_args, lifecycle) =>
        followLive(lifecycle, (live) => {
          live.join(WINNERS_ROOM);
          live.on('winners:new', () => lifecycle.dispatch(winnersApi.util.invalidateTags(['RecentWinners'])));
        }),
    }),
  }),
});

export const { useGetRecentWinnersQuery } = winnersApi;
