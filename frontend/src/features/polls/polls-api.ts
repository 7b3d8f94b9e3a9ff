import type { PollPage, PollVote, PollVoteResult } from '@kickback/contracts';
import { withVotes } from '@kickback/contracts/poll-results';
import { POLLS_ROOM } from '@kickback/contracts/realtime';
import { baseApi } from '../../lib/api';
import { followLive } from '../../lib/live-cache';

/**
 * The polls page: the poll on stream kept live by room 'polls' (counts patched from each coalesced push, the whole view
 * from a status change), and the member's own vote.
 */
export const pollsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCurrentPoll: build.query<PollPage, void>({
      query: () => '/api/r/polls/current',
      providesTags: ['Polls'],
      onCacheEntryAdded: (_arg, lifecycle) =>
        followLive(lifecycle, (live) => {
          live.join(POLLS_ROOM);
          live.on('poll:counts', (push) =>
            lifecycle.updateCachedData((page) => {
              if (page.poll) page.poll = withVotes(page.poll, push);
            }),
          );
          live.on('poll:status', ({ poll }) =>
            lifecycle.updateCachedData((page) => {
              // A new poll: the member has not voted in it yet.
              if (page.poll?.id !== poll.id) page.mine = null;
              page.poll = poll;
            }),
          );
        }),
    }),
    votePoll: build.mutation<PollVoteResult, PollVote & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/api/r/polls/${id}/vote`, method: 'POST', body }),
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled;
        dispatch(
          pollsApi.util.updateQueryData('getCurrentPoll', undefined, (page) => {
            if (page.poll?.id === data.poll_id) page.mine = data.option;
          }),
        );
      },
    }),
  }),
});

export const { useGetCurrentPollQuery, useVotePollMutation } = pollsApi;
