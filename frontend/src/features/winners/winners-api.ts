import { WINNERS_ROOM, type Pagination, type RecentWinner } from '@kickback/contracts';
import { baseApi } from '../../lib/api';
import { joinRoom, onServerEvent } from '../../lib/socket';

export interface RecentWinnersPage {
  data: RecentWinner[];
  pagination: Pagination;
}

/** The Recent Winners page: standing raffle winners, newest first (GET /api/r/winners); a draw anywhere refreshes it. */
export const winnersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getRecentWinners: build.query<RecentWinnersPage, number>({
      query: (page) => `/api/r/winners?page=${page}`,
      transformResponse: (response: RecentWinnersPage) => ({ data: response.data ?? [], pagination: response.pagination }),
      providesTags: ['RecentWinners'],
      async onCacheEntryAdded(_page, { cacheDataLoaded, cacheEntryRemoved, dispatch }) {
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        const leave = joinRoom(WINNERS_ROOM);
        const off = onServerEvent('raffle:drawn', () => dispatch(winnersApi.util.invalidateTags(['RecentWinners'])));
        await cacheEntryRemoved;
        off();
        leave();
      },
    }),
  }),
});

export const { useGetRecentWinnersQuery } = winnersApi;
