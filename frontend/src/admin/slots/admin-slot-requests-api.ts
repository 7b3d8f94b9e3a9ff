import type { SlotRequestEntry, SlotRequestPlayed, SlotRequestSettings } from '@kickback/contracts';
import { baseApi } from '../../lib/api';
import { followLive } from '../../lib/live-cache';

const BASE = '/api/admin/slot-requests';

/** The queue as the streamer works it, with what clearing it would give back. */
export interface AdminSlotRequestQueue {
  queue: SlotRequestEntry[];
  open: boolean;
  price: number;
  refund: { requests: number; points: number };
}

export const adminSlotRequestsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The queue, read again on each 'slot-requests:changed' of the live room (at most one per push window, ARCHITECTURE §3):
     * a push carries only the queue's head, and this screen shows the whole queue and what clearing it gives back.
     */
    getAdminSlotRequests: build.query<AdminSlotRequestQueue, void>({
      query: () => BASE,
      providesTags: ['SlotRequests'],
      onCacheEntryAdded: (_arg, lifecycle) =>
        followLive(lifecycle, (live) =>
          live.on('slot-requests:changed', () => lifecycle.dispatch(adminSlotRequestsApi.util.invalidateTags(['SlotRequests']))),
        ),
    }),
    /** Played, with the bet and win when the streamer records them (they count in the slot's figures). */
    playedSlotRequest: build.mutation<null, { id: number } & SlotRequestPlayed>({
      query: ({ id, ...result }) => ({ url: `${BASE}/${id}/played`, method: 'POST', body: result }),
      invalidatesTags: ['SlotRequests'],
    }),
    skipSlotRequest: build.mutation<{ refunded: number }, number>({
      query: (id) => ({ url: `${BASE}/${id}/skip`, method: 'POST' }),
      invalidatesTags: ['SlotRequests'],
    }),
    clearSlotRequests: build.mutation<{ requests: number; refunded: number }, void>({
      query: () => ({ url: `${BASE}/clear`, method: 'POST' }),
      invalidatesTags: ['SlotRequests'],
    }),
    updateSlotRequestSettings: build.mutation<SlotRequestSettings, Partial<SlotRequestSettings>>({
      query: (body) => ({ url: `${BASE}/settings`, method: 'PUT', body }),
      invalidatesTags: ['SlotRequests'],
    }),
  }),
});

export const {
  useGetAdminSlotRequestsQuery,
  usePlayedSlotRequestMutation,
  useSkipSlotRequestMutation,
  useClearSlotRequestsMutation,
  useUpdateSlotRequestSettingsMutation,
} = adminSlotRequestsApi;
