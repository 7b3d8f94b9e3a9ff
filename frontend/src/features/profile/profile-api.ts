import type { MutualFriends, PublicProfile } from '@kickback/contracts';
import { baseApi } from '../../lib/api';
import { followLive } from '../../lib/live-cache';

/** GET /api/r/user/{username}: the public profile with the viewer's friendship flags, and the friends in common. */
export const profileApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<PublicProfile, string>({
      query: (username) => `/api/r/user/${encodeURIComponent(username)}`,
      // Friend actions and 'friends:updated' invalidate 'Profile', so the buttons follow the friendship live.
      providesTags: (_result, _error, username) => [{ type: 'Profile', id: username }],
      // On one's own profile, points, XP, level and achievements change with the pushes to one's own room
      // (an unlock or a level-up arrives as a notice, points as 'user:points').
      onCacheEntryAdded: (username, lifecycle) =>
        followLive(lifecycle, (live) => {
          if (!live.data.is_own_profile) return;
          const refresh = () => lifecycle.dispatch(profileApi.util.invalidateTags([{ type: 'Profile', id: username }]));
          live.on('user:notification', refresh);
          live.on('user:points', refresh);
        }),
    }),
    getMutualFriends: build.query<MutualFriends, number>({
      query: (userId) => `/api/r/friends/mutual/${userId}`,
      providesTags: ['Friends'],
    }),
  }),
});

export const { useGetProfileQuery, useGetMutualFriendsQuery } = profileApi;
