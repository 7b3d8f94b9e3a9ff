import type { ApiSuccess, FriendSearchResult, FriendsMenu, MutualFriends } from '@kickback/contracts';
import { baseApi, withMessage } from './api';
import { followLive } from './live-cache';

/**
 * Friendships, shared by the top navigation's friends menu and the profile screen (features may not import each
 * other). Every change, ours or the other member's ('friends:updated' to our user room), refreshes both the menu and
 * any cached profile, whose friend buttons follow the same friendship.
 */
export const friendsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getFriendsMenu: build.query<FriendsMenu, void>({
      query: () => '/api/r/friends',
      providesTags: ['Friends'],
      // The user room is joined by the server at connection; the push only says something changed.
      onCacheEntryAdded: (_arg, lifecycle) =>
        followLive(lifecycle, (live) => {
          live.on('friends:updated', () => lifecycle.dispatch(friendsApi.util.invalidateTags(['Friends', 'Profile'])));
        }),
    }),
    getMutualFriends: build.query<MutualFriends, number>({
      query: (userId) => `/api/r/friends/mutual/${userId}`,
      providesTags: ['Friends'],
    }),
    searchMembers: build.query<FriendSearchResult[], string>({
      query: (text) => `/api/r/friends/search?query=${encodeURIComponent(text)}`,
      providesTags: ['Friends'],
    }),
    sendFriendRequest: build.mutation<ApiSuccess<{ friendship_id: number }>, number>({
      query: (userId) => ({ url: '/api/r/friends/request', method: 'POST', body: { user_id: userId } }),
      transformResponse: (data: { friendship_id: number }, meta) => withMessage(data, meta),
      invalidatesTags: ['Friends', 'Profile'],
    }),
    acceptFriendRequest: build.mutation<ApiSuccess<null>, number>({
      query: (friendshipId) => ({ url: `/api/r/friends/${friendshipId}/accept`, method: 'POST' }),
      transformResponse: (data: null, meta) => withMessage(data, meta),
      invalidatesTags: ['Friends', 'Profile'],
    }),
    declineFriendRequest: build.mutation<ApiSuccess<null>, number>({
      query: (friendshipId) => ({ url: `/api/r/friends/${friendshipId}/decline`, method: 'POST' }),
      transformResponse: (data: null, meta) => withMessage(data, meta),
      invalidatesTags: ['Friends', 'Profile'],
    }),
    removeFriend: build.mutation<ApiSuccess<null>, number>({
      query: (friendshipId) => ({ url: `/api/r/friends/${friendshipId}`, method: 'DELETE' }),
      transformResponse: (data: null, meta) => withMessage(data, meta),
      invalidatesTags: ['Friends', 'Profile'],
    }),
  }),
});

export const {
  useGetFriendsMenuQuery,
  useGetMutualFriendsQuery,
  useSearchMembersQuery,
  useSendFriendRequestMutation,
  useAcceptFriendRequestMutation,
  useDeclineFriendRequestMutation,
  useRemoveFriendMutation,
} = friendsApi;
