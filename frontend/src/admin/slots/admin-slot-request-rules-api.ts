import type { SlotRequestRules } from '@kickback/contracts';
import { baseApi } from '../../lib/api';

/** The request rules as the admin form edits them (saved through the queue's settings mutation, same tag). */
export const adminSlotRequestRulesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSlotRequestRules: build.query<SlotRequestRules, void>({
      query: () => '/api/admin/slot-requests/settings',
      providesTags: ['SlotRequests'],
    }),
  }),
});

export const { useGetSlotRequestRulesQuery } = adminSlotRequestRulesApi;
