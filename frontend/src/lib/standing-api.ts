import type { MemberStanding } from '@kickback/contracts';
import { baseApi } from './api';
import { levelFromNotification } from './level-notification';
import { followLive } from './live-cache';

/** GET /api/r/points/standing: the member's balance and level for the header, kept current by their own pushes. */
export const standingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getStanding: build.query<MemberStanding, void>({
      query: () => '/api/r/points/standing',
      onCacheEntryAdded: (_arg, lifecycle) =>
        followLive(lifecycle, (live) => {
          // Every spend and award says the new balance; a level-up arrives as a notice saying the level: no read needed.
          live.on('user:points', (push) =>
            lifecycle.updateCachedData((draft) => {
              draft.balance = push.balance;
            }),
          );
          live.on('user:notification', (push) => {
            const level = levelFromNotification(push.message);
            if (level !== null)
              lifecycle.updateCachedData((draft) => {
                draft.level = level;
              });
          });
        }),
    }),
  }),
});

export const { useGetStandingQuery } = standingApi;
