import type { MemberStanding } from '@kickback/contracts';
import { baseApi } from './api';
import { followLive } from './live-cache';

/** GET /api/r/points/standing: the member's balance and level for the header, kept current by their own pushes. */
export const standingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getStanding: build.query<MemberStanding, void>({
      query: () => '/api/r/points/standing',
      providesTags: ['Standing'],
      onCacheEntryAdded: (_arg, lifecycle) =>
        followLive(lifecycle, (live) => {
          // Every spend and award says the new balance; a level-up arrives as a notice, so the level is read again.
          live.on('user:points', (push) =>
            lifecycle.updateCachedData((draft) => {
              draft.balance = push.balance;
            }),
          );
          live.on('user:notification', () => lifecycle.dispatch(standingApi.util.invalidateTags(['Standing'])));
        }),
    }),
  }),
});

export const { useGetStandingQuery } = standingApi;
