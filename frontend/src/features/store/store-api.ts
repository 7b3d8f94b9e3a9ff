import type { ApiSuccess, PointsHistory, RedeemResult, StoreData, StorePriceRange, StoreSort } from '@kickback/contracts';
import { baseApi } from '../../lib/api';
import { joinRoom, onServerEvent } from '../../lib/socket';
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
      transformResponse: (response: ApiSuccess<StoreData>) => response.data as StoreData,
      providesTags: ['Store'],
      // Live: community purchases and stock from room 'store'; own balance and redemptions from the user room.
      async onCacheEntryAdded(_filters, { cacheDataLoaded, cacheEntryRemoved, updateCachedData }) {
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        const leave = joinRoom('store');
        const offs = [
          onServerEvent('store:purchase', (push) => updateCachedData((draft) => applyPurchase(draft, push))),
          onServerEvent('store:stock', (push) => updateCachedData((draft) => applyStock(draft, push.item_id, push.quantity))),
          onServerEvent('store:redemption-updated', (push) => updateCachedData((draft) => applyOwnRedemption(draft, push))),
          onServerEvent('user:points', (push) =>
            updateCachedData((draft) => {
              draft.user_points = push.balance;
            }),
          ),
        ];
        await cacheEntryRemoved;
        offs.forEach((off) => off());
        leave();
      },
    }),
    redeemItem: build.mutation<RedeemResult, { id: number; idempotencyKey: string }>({
      query: ({ id, idempotencyKey }) => ({
        url: `/api/r/store/${id}/redeem`,
        method: 'POST',
        body: {},
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      transformResponse: (response: ApiSuccess<RedeemResult>) => response.data as RedeemResult,
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
      transformResponse: (response: ApiSuccess<PointsHistory>) => response.data as PointsHistory,
      providesTags: ['PointsHistory'],
      async onCacheEntryAdded(_page, { cacheDataLoaded, cacheEntryRemoved, dispatch }) {
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        // Any balance change adds a ledger row: refetch the open page of history.
        const off = onServerEvent('user:points', () => dispatch(storeApi.util.invalidateTags(['PointsHistory'])));
        await cacheEntryRemoved;
        off();
      },
    }),
  }),
});

export const { useGetStoreQuery, useRedeemItemMutation, useGetPointsHistoryQuery } = storeApi;
