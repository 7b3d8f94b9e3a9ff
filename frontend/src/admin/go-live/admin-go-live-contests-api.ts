import type { ContestSettings, ContestTemplate, ContestView } from '@kickback/contracts';
import { withPools } from '@kickback/contracts/api/contests';
import { CONTESTS_ROOM } from '@kickback/contracts/realtime';
import { baseApi } from '../../lib/api';
import { followLive } from '../../lib/live-cache';

/**
 * Go live's contest controls: the running (or last) contest kept current by room 'contests' (pools patched from the
 * coalesced pushes, the whole view replaced on a status change), its templates, and open, close, resolve and cancel.
 */
export const goLiveContestsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getLiveContest: build.query<ContestView | null, void>({
      query: () => '/api/admin/contests/current',
      providesTags: ['Contests'],
      onCacheEntryAdded: (_arg, lifecycle) =>
        followLive(lifecycle, (live) => {
          live.join(CONTESTS_ROOM);
          live.on('contest:pools', (push) =>
            lifecycle.updateCachedData((contest) => {
              if (contest?.id === push.contest_id) Object.assign(contest, withPools(contest, push));
            }),
          );
          live.on('contest:status', ({ contest }) => lifecycle.updateCachedData(() => contest));
        }),
    }),
    getContestTemplates: build.query<ContestTemplate[], void>({
      query: () => '/api/admin/contest-templates',
      providesTags: ['ContestTemplates'],
    }),
    openContest: build.mutation<ContestView, { template_id: number } | { settings: ContestSettings }>({
      query: (body) => ({ url: '/api/admin/contests', method: 'POST', body }),
      invalidatesTags: ['Contests'],
    }),
    closeContest: build.mutation<ContestView, number>({
      query: (id) => ({ url: `/api/admin/contests/${id}/close`, method: 'POST', body: {} }),
      invalidatesTags: ['Contests'],
    }),
    resolveContest: build.mutation<ContestView, { id: number; option: number }>({
      query: ({ id, option }) => ({ url: `/api/admin/contests/${id}/resolve`, method: 'POST', body: { option } }),
      invalidatesTags: ['Contests'],
    }),
    cancelContest: build.mutation<ContestView, number>({
      query: (id) => ({ url: `/api/admin/contests/${id}/cancel`, method: 'POST', body: {} }),
      invalidatesTags: ['Contests'],
    }),
  }),
});

export const {
  useGetLiveContestQuery,
  useGetContestTemplatesQuery,
  useOpenContestMutation,
  useCloseContestMutation,
  useResolveContestMutation,
  useCancelContestMutation,
} = goLiveContestsApi;
