import type { PointsHistory, RedeemResult, StoreData, StorePriceRange, StoreSort } from '@kickback/contracts';
import { STORE_ROOM } from '@kickback/contracts/realtime';
import { baseApi } from '../../lib/api';
import { followLive } from '../../lib/live-cache';
import { applyOwnRedemption, applyPurchase, applyRedeemResult, applyStock } from './store-cache';
import { applyLedgerEntry } from './points-history-cache';

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
      // The answer says the new balance, stock, count and ledger row: every cached store view and the first page of
      // history show them at once, with no read (issue #16: no action of a member refetches a whole list).
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        try {
          const { data: result } = await queryFulfilled;
          for (const filters of storeApi.util.selectCachedArgsForQuery(getState(), 'getStore')) {
            dispatch(storeApi.util.updateQueryData('getStore', filters, (draft) => applyRedeemResult(draft, result)));
          }
          const entry = result.points_entry;
          if (!entry) return;
          for (const page of storeApi.util.selectCachedArgsForQuery(getState(), 'getPointsHistory')) {
            dispatch(
              storeApi.util.updateQueryData(
                'getPointsHistory',
                page,
                (draft) => void applyLedgerEntry(draft, page, result.user_points, entry),
              ),
            );
          }
        } catch {
          // The page shows the failure; nothing to patch.
        }
      },
    }),
    getPointsHistory: build.query<PointsHistory, number>({
      query: (page) => `/api/r/points/history?page=${page}`,
      providesTags: (_result, _error, page) => ['PointsHistory', { type: 'PointsHistory', id: page }],
      // Any balance change adds a ledger row, carried by the push (the member's own room is joined at connect): the
      // first page takes it in place. A later page's rows shift by one, so only that page is read again.
      onCacheEntryAdded: (page, lifecycle) =>
        followLive(lifecycle, (live) =>
          live.on('user:points', (push) => {
            let placed = false;
            if (push.entry) {
              const entry = push.entry;
              lifecycle.updateCachedData((draft) => {
                placed = applyLedgerEntry(draft, page, push.balance, entry);
              });
            }
            if (!placed) lifecycle.dispatch(storeApi.util.invalidateTags([{ type: 'PointsHistory', id: page }]));
          }),
        ),
    }),
  }),
});

export const { useGetStoreQuery, useRedeemItemMutation, useGetPointsHistoryQuery } = storeApi;
