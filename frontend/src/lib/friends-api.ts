import type { ApiSuccess, FriendSearchResult, FriendsMenu } from '@kickback/contracts';
import { baseApi, withMessage } from './api';
import { friendsBadgeApi } from './friends-badge-api';

/**
 * Friendships, shared by the top navigation's friends menu and the profile screen (features may not import each
 * other); both load lazily, so these endpoints stay out of the first load. Every change, ours or the other member's
 * ('friends:updated' to our user room, see friends-badge-api.ts), refreshes the menu's lists where they are shown and
 * any cached profile, whose friend buttons follow the same friendship.
 */
export const friendsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The menu's lists, read when the menu is opened. */
    getFriendsMenu: build.query<FriendsMenu, void>({
      query: () => '/api/r/friends',
      providesTags: ['Friends'],
      // A fresh read also settles the badge (e.g. after the member's own accept, before its push arrives).
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          dispatch(friendsBadgeApi.util.updateQueryData('getFriendsBadge', undefined, () => ({ pending_count: data.pending_count })));
        } catch {
          // A failed read shows its own error in the panel; the badge keeps its count.
        }
      },
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
  useSearchMembersQuery,
  useSendFriendRequestMutation,
  useAcceptFriendRequestMutation,
  useDeclineFriendRequestMutation,
  useRemoveFriendMutation,
} = friendsApi;
