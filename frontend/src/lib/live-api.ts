import type { LiveState } from '@kickback/contracts';
import { SITE_ROOM } from '@kickback/contracts/realtime';
import { baseApi } from './api';
import { followLive } from './live-cache';

/**
 * Whether the streamer is live: the shell's LIVE badge and the home player read it; 'site:live' replaces it on every
 * open page. The page data brings it warm (no request); the GET only runs where nothing was injected (`vite dev`).
 */
export const liveApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getLiveState: build.query<LiveState, void>({
      query: () => '/api/r/live',
      onCacheEntryAdded: (_arg, lifecycle) =>
        followLive(lifecycle, (live) => {
          live.join(SITE_ROOM);
          live.on('site:live', (state) => lifecycle.updateCachedData(() => state));
        }),
    }),
  }),
});

export const { useGetLiveStateQuery } = liveApi;
