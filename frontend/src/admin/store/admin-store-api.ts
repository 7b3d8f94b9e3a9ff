import type { AdminRedemption, AdminRedemptionsQuery, AdminStoreCode, Pagination, StoreCodesUploadResult } from '@kickback/contracts';
import { baseApi, pagedList } from '../../lib/api';
import { onServerEvent } from '../../lib/socket';

export interface RedemptionsPage {
  data: AdminRedemption[];
  pagination: Pagination;
  pending_total: number;
}

/** Store administration: the items' code pools and the redemptions queue (the items are `storeItemsAdmin`). */
export const storeAdminApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getStoreCodes: build.query<AdminStoreCode[], number>({
      query: (itemId) => `/api/admin/store-items/${itemId}/codes`,
      providesTags: ['AdminStoreCodes'],
    }),
    addStoreCodes: build.mutation<StoreCodesUploadResult & { message: string }, { itemId: number; codes: string }>({
      query: ({ itemId, codes }) => ({ url: `/api/admin/store-items/${itemId}/codes`, method: 'POST', body: { codes } }),
      transformResponse: (data: StoreCodesUploadResult, meta) => ({ ...data, message: meta?.message ?? '' }),
      invalidatesTags: ['AdminStoreCodes', 'AdminStoreItems'],
    }),
    removeStoreCode: build.mutation<void, { itemId: number; codeId: number }>({
      query: ({ itemId, codeId }) => ({ url: `/api/admin/store-items/${itemId}/codes/${codeId}`, method: 'DELETE' }),
      invalidatesTags: ['AdminStoreCodes', 'AdminStoreItems'],
    }),
    getAdminRedemptions: build.query<RedemptionsPage, AdminRedemptionsQuery>({
      query: ({ status, page }) => `/api/admin/store-redemptions?status=${status}&page=${page}`,
      transformResponse: (data: AdminRedemption[], meta) => ({
        ...pagedList(data, meta),
        pending_total: meta?.extra.pending_total as number,
      }),
      providesTags: ['AdminRedemptions'],
      // New and changed redemptions arrive in the admin room: refetch the open queue.
      async onCacheEntryAdded(_arg, { cacheDataLoaded, cacheEntryRemoved, dispatch }) {
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        const off = onServerEvent('store:admin-redemption', () =>
          dispatch(storeAdminApi.util.invalidateTags(['AdminRedemptions', 'AdminStoreItems'])),
        );
        await cacheEntryRemoved;
        off();
      },
    }),
    processRedemption: build.mutation<void, number>({
      query: (id) => ({ url: `/api/admin/store-redemptions/${id}/process`, method: 'POST', body: {} }),
      invalidatesTags: ['AdminRedemptions', 'AdminStoreItems'],
    }),
    refundRedemption: build.mutation<void, number>({
      query: (id) => ({ url: `/api/admin/store-redemptions/${id}/refund`, method: 'POST', body: {} }),
      invalidatesTags: ['AdminRedemptions', 'AdminStoreItems', 'AdminUsers'],
    }),
  }),
});

export const {
  useGetStoreCodesQuery,
  useAddStoreCodesMutation,
  useRemoveStoreCodeMutation,
  useGetAdminRedemptionsQuery,
  useProcessRedemptionMutation,
  useRefundRedemptionMutation,
} = storeAdminApi;
