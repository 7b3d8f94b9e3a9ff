import type { FriendsBadge, FriendsMenu } from '@kickback/contracts';
import { baseApi } from './api';
import { followLive } from './live-cache';

/**
 * The navigation's friends badge, the only friends endpoint the shell itself calls (the lists and actions in
 * friends-api.ts load with the screens that show them). Warm from the page data (no request), patched by every
 * 'friends:updated', which carries the count. It provides no tag on purpose: no action or push reads the whole menu
 * again just for a number. The GET only runs where nothing was injected (`vite dev`).
 */
export const friendsBadgeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getFriendsBadge: build.query<FriendsBadge, void>({
      query: () => '/api/r/friends',
      transformResponse: (menu: FriendsMenu): FriendsBadge => ({ pending_count: menu.pending_count }),
      // The user room is joined by the server at connection; this entry lives as long as a member's navigation.
      onCacheEntryAdded: (_arg, lifecycle) =>
        followLive(lifecycle, (live) => {
          live.on('friends:updated', (push) => {
            lifecycle.updateCachedData(() => ({ pending_count: push.pending_count }));
            // The lists are read again only if shown (an unwatched menu entry is dropped and read when next opened).
            lifecycle.dispatch(friendsBadgeApi.util.invalidateTags(['Friends', 'Profile']));
          });
        }),
    }),
  }),
});

export const { useGetFriendsBadgeQuery } = friendsBadgeApi;
