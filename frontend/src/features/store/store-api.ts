import type { PointsHistory, RedeemResult, StoreData, StorePriceRange, StoreSort } from '@kickback/contracts';
import { STORE_ROOM } from '@kickback/contracts/realtime';
import { baseApi } from '../../lib/api';
import { followLive } from '../../lib/live-cache';
import { applyOwnRedemption, applyPurchase, applyRedeemResult, applyStock } from './store-cache';

export interface StoreFilters {
  search: string;
  category: string;
  price_range: StorePriceRange | '';
  sort: StoreSort;
}

export function storeQueryString(filters: StoreFilters): string {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('search', filters.search.trim());
  params.set('category', filters.category || 'all');
  if (filters.price_range) params.set('price_range', filters.price_range);
  params.set('sort', filters.sort);
  return params.toString();
}

export const storeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getStore: build.query<StoreData, StoreFilters>({
      query: (filters) => `/api/r/store?${storeQueryString(filters)}`,
      providesTags: ['Store'],
      // Live: community purchases and stock from room 'store'; own balance and redemptions from the user room.
      onCacheEntryAdded: (_filters, lifecycle) =>
        followLive(lifecycle, (live) => {
          const { updateCachedData } = lifecycle;
          live.join(STORE_ROOM);
          live.on('store:purchase', (push) => updateCachedData((draft) => applyPurchase(draft, push)));
          live.on('store:stock', (push) => updateCachedData((draft) => applyStock(draft, push.item_id, push.quantity)));
          live.on('store:redemption-updated', (push) => updateCachedData((draft) => applyOwnRedemption(draft, push)));
          live.on('user:points', (push) =>
            updateCachedData((draft) => {
              draft.user_points = push.balance;
            }),
          );
        }),
    }),
    redeemItem: build.mutation<RedeemResult, { id: number; idempotencyKey: string }>({
      query: ({ id, idempotencyKey }) => ({
        url: `/api/r/store/${id}/redeem`,
        method: 'POST',
        body: {},
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      // The answer already says the new balance, stock and count: show them at once on every cached store view.
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        try {
          const { data: result } = await queryFulfilled;
          for (const filters of storeApi.util.selectCachedArgsForQuery(getState(), 'getStore')) {
            dispatch(storeApi.util.updateQueryData('getStore', filters, (draft) => applyRedeemResult(draft, result)));
          }
        } catch {
          // The page shows the failure; nothing to patch.
        }
      },
      invalidatesTags: ['Store', 'PointsHistory'],
    }),
    getPointsHistory: build.query<PointsHistory, number>({
      query: (page) => `/api/r/points/history?page=${page}`,
      providesTags: ['PointsHistory'],
      // Any balance change adds a ledger row: refetch the open page of history (the member's own room is joined at connect).
      onCacheEntryAdded: (_page, lifecycle) =>
        followLive(lifecycle, (live) => live.on('user:points', () => lifecycle.dispatch(storeApi.util.invalidateTags(['PointsHistory'])))),
    }),
  }),
});

export const { useGetStoreQuery, useRedeemItemMutation, useGetPointsHistoryQuery } = storeApi;
