import type { RaceDetail, RaceList } from '@kickback/contracts';
import { RACES_ROOM, raceRoom } from '@kickback/contracts/realtime';
import { baseApi } from '../../lib/api';
import { followLive } from '../../lib/live-cache';

/**
 * The races list and a race's page. Each sits in its room while shown; a 'race:updated' push (a refresh, the start,
 * the end, an admin's edit) refetches it, so standings reorder and statuses move without a reload.
 */
export const racesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getRaces: build.query<RaceList, void>({
      query: () => '/api/r/races',
      providesTags: [{ type: 'Races', id: 'LIST' }],
      onCacheEntryAdded: (_arg, lifecycle) =>
        followLive(lifecycle, (live) => {
          live.join(RACES_ROOM);
          live.on('race:updated', () => lifecycle.dispatch(racesApi.util.invalidateTags([{ type: 'Races', id: 'LIST' }])));
        }),
    }),
    getRace: build.query<RaceDetail, number>({
      query: (id) => `/api/r/races/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Races', id }],
      onCacheEntryAdded: (id, lifecycle) =>
        followLive(lifecycle, (live) => {
          live.join(raceRoom(id));
          live.on('race:updated', (push) => {
            if (push.raceId === id) lifecycle.dispatch(racesApi.util.invalidateTags([{ type: 'Races', id }]));
          });
        }),
    }),
  }),
});

export const { useGetRacesQuery, useGetRaceQuery } = racesApi;
