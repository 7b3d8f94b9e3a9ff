import type { Pagination, RecentWinner } from '@kickback/contracts';
import { baseApi } from '../../lib/api';

export interface RecentWinnersPage {
  data: RecentWinner[];
  pagination: Pagination;
}

/** The Recent Winners page: standing raffle winners, newest first (GET /api/r/winners). */
export const winnersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getRecentWinners: build.query<RecentWinnersPage, number>({
      query: (page) => `/api/r/winners?page=${page}`,
      transformResponse: (response: RecentWinnersPage) => ({ data: response.data ?? [], pagination: response.pagination }),
      providesTags: ['Raffles'],
    }),
  }),
});

export const { useGetRecentWinnersQuery } = winnersApi;
