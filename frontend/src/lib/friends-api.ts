import type { ApiSuccess, FriendsBadge, FriendSearchResult, FriendsMenu, MutualFriends } from '@kickback/contracts';
import { baseApi, withMessage } from './api';
import { followLive } from './live-cache';

/**
 * Friendships, shared by the top navigation's friends menu and the profile screen (features may not import each
 * other). Every change, ours or the other member's ('friends:updated' to our user room), refreshes the menu's lists
 * where they are shown and any cached profile, whose friend buttons follow the same friendship.
 */
export const friendsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The navigation's badge: warm from the page data (no request), patched by every 'friends:updated', which carries
     * the count. It provides no tag on purpose: no action or push reads the whole menu again just for a number. The
     * GET only runs where nothing was injected (`vite dev`).
     */
    getFriendsBadge: build.query<FriendsBadge, void>({
      query: () => '/api/r/friends',
      transformResponse: (menu: FriendsMenu): FriendsBadge => ({ pending_count: menu.pending_count }),
      // The user room is joined by the server at connection; this entry lives as long as a member's navigation.
      onCacheEntryAdded: (_arg, lifecycle) =>
        followLive(lifecycle, (live) => {
          live.on('friends:updated', (push) => {
            lifecycle.updateCachedData(() => ({ pending_count: push.pending_count }));
            // The lists are read again only if shown (an unwatched menu entry is dropped and read when next opened).
            lifecycle.dispatch(friendsApi.util.invalidateTags(['Friends', 'Profile']));
          });
        }),
    }),
    /** The menu's lists, read when the menu is opened. */
    getFriendsMenu: build.query<FriendsMenu, void>({
      query: () => '/api/r/friends',
      providesTags: ['Friends'],
      // A fresh read also settles the badge (e.g. after the member's own accept, before its push arrives).
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          dispatch(friendsApi.util.updateQueryData('getFriendsBadge', undefined, () => ({ pending_count: data.pending_count })));
        } catch {
          // A failed read shows its own error in the panel; the badge keeps its count.
        }
      },
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
  useGetFriendsBadgeQuery,
  useGetFriendsMenuQuery,
  useGetMutualFriendsQuery,
  useSearchMembersQuery,
  useSendFriendRequestMutation,
  useAcceptFriendRequestMutation,
  useDeclineFriendRequestMutation,
  useRemoveFriendMutation,
} = friendsApi;
