import type { ContestPage, ContestStake } from '@kickback/contracts';
import { withPools } from '@kickback/contracts/api/contests';
import { CONTESTS_ROOM } from '@kickback/contracts/realtime';
import { baseApi } from '../../lib/api';
import { followLive } from '../../lib/live-cache';

/**
 * The contest page: the current contest kept live by room 'contests' (pools patched from each push, the whole view
 * from a status change), and the member's balance from their own room, so a payout shows without a reload.
 */
export const contestsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCurrentContest: build.query<ContestPage, void>({
      query: () => '/api/r/contests/current',
      providesTags: ['Contests'],
      onCacheEntryAdded: (_arg, lifecycle) =>
        followLive(lifecycle, (live) => {
          live.join(CONTESTS_ROOM);
          live.on('contest:pools', (push) =>
            lifecycle.updateCachedData((page) => {
              if (page.contest?.id === push.contest_id) page.contest = withPools(page.contest, push);
            }),
          );
          live.on('contest:status', ({ contest }) =>
            lifecycle.updateCachedData((page) => {
              // A new contest: the member has no stake in it yet.
              if (page.contest?.id !== contest.id) page.mine = null;
              page.contest = contest;
            }),
          );
          live.on('user:points', (push) =>
            lifecycle.updateCachedData((page) => {
              page.balance = push.balance;
            }),
          );
        }),
    }),
    stakeContest: build.mutation<{ option: number; points: number; balance: number }, ContestStake & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/api/r/contests/${id}/stake`, method: 'POST', body }),
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled;
        dispatch(
          contestsApi.util.updateQueryData('getCurrentContest', undefined, (page) => {
            page.mine = { option: data.option, points: data.points };
            page.balance = data.balance;
          }),
        );
      },
    }),
  }),
});

export const { useGetCurrentContestQuery, useStakeContestMutation } = contestsApi;
