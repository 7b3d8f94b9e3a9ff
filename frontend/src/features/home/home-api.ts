import type { TotalGivenAway } from '@kickback/contracts';
import { baseApi } from '../../lib/api';

export const homeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTotalGivenAway: build.query<TotalGivenAway, void>({
      query: () => '/api/r/stats/total-given-away',
      providesTags: ['Stats'],
    }),
  }),
});

export const { useGetTotalGivenAwayQuery } = homeApi;
