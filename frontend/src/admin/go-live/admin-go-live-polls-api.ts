import type { PollOpen, PollView } from '@kickback/contracts';
import { withVotes } from '@kickback/contracts/poll-results';
import { POLLS_ROOM } from '@kickback/contracts/realtime';
import { baseApi } from '../../lib/api';
import { followLive } from '../../lib/live-cache';

/**
 * Go live's poll controls: the poll on stream kept current by room 'polls' (counts patched from the coalesced pushes,
 * the whole view replaced on a status change), and open, close and cancel.
 */
export const goLivePollsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getLivePoll: build.query<PollView | null, void>({
      query: () => '/api/admin/polls/current',
      providesTags: ['Polls'],
      onCacheEntryAdded: (_arg, lifecycle) =>
        followLive(lifecycle, (live) => {
          live.join(POLLS_ROOM);
          live.on('poll:counts', (push) =>
            lifecycle.updateCachedData((poll) => {
              if (poll) Object.assign(poll, withVotes(poll, push));
            }),
          );
          live.on('poll:status', ({ poll }) => lifecycle.updateCachedData(() => poll));
        }),
    }),
    openPoll: build.mutation<PollView, PollOpen>({
      query: (body) => ({ url: '/api/admin/polls', method: 'POST', body }),
      invalidatesTags: ['Polls'],
    }),
    closePoll: build.mutation<PollView, number>({
      query: (id) => ({ url: `/api/admin/polls/${id}/close`, method: 'POST', body: {} }),
      invalidatesTags: ['Polls'],
    }),
    cancelPoll: build.mutation<PollView, number>({
      query: (id) => ({ url: `/api/admin/polls/${id}/cancel`, method: 'POST', body: {} }),
      invalidatesTags: ['Polls'],
    }),
  }),
});

export const { useGetLivePollQuery, useOpenPollMutation, useClosePollMutation, useCancelPollMutation } = goLivePollsApi;
