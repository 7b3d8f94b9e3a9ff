import type { SlotRequestEntry, SlotRequestSettings } from '@kickback/contracts';
import { baseApi } from '../../lib/api';

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
    getAdminSlotRequests: build.query<AdminSlotRequestQueue, void>({ query: () => BASE, providesTags: ['SlotRequests'] }),
    playedSlotRequest: build.mutation<null, number>({
      query: (id) => ({ url: `${BASE}/${id}/played`, method: 'POST', body: {} }),
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
