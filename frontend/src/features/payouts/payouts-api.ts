import type { MyPrize, Pagination, PayoutMonthTotal, PublicPayout } from '@kickback/contracts';
import { PAYOUTS_ROOM } from '@kickback/contracts/realtime';
import { baseApi, pagedList } from '../../lib/api';
import { followLive } from '../../lib/live-cache';

export interface MyPrizesPage {
  data: MyPrize[];
  pagination: Pagination;
}

export interface PublicPayoutsPage {
  data: PublicPayout[];
  pagination: Pagination;
  months: PayoutMonthTotal[];
}

/**
 * A pushed prize on a cached page of My prizes: a row already listed is replaced as it now stands; a new prize goes
 * on top of the first page (newest first), which then keeps its length.
 */
export function applyPrizePush(draft: MyPrizesPage, page: number, prize: MyPrize): void {
  const at = draft.data.findIndex((p) => p.id === prize.id);
  if (at >= 0) {
    draft.data[at] = prize;
    return;
  }
  if (page !== 1 || draft.data.some((p) => p.id > prize.id)) return;
  draft.data.unshift(prize);
  if (draft.data.length > draft.pagination.per_page) draft.data.pop();
  draft.pagination.total += 1;
  draft.pagination.last_page = Math.max(1, Math.ceil(draft.pagination.total / draft.pagination.per_page));
}

/** My prizes (the member's own payouts, live from their room) and the public Payouts page (live from room 'payouts'). */
export const payoutsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getMyPrizes: build.query<MyPrizesPage, number>({
      query: (page) => `/api/r/payouts/mine?page=${page}`,
      transformResponse: (data: MyPrize[], meta) => pagedList(data, meta),
      providesTags: ['MyPrizes'],
      // The member's sockets sit in their own room: every change of one of their payouts arrives as it now stands.
      onCacheEntryAdded: (page, lifecycle) =>
        followLive(lifecycle, (live) => {
          live.on('payout:changed', (push) => lifecycle.updateCachedData((draft) => applyPrizePush(draft, page, push.prize)));
        }),
    }),
    getPublicPayouts: build.query<PublicPayoutsPage, number>({
      query: (page) => `/api/r/payouts?page=${page}`,
      transformResponse: (data: PublicPayout[], meta) => ({
        ...pagedList(data, meta),
        months: (meta?.extra.months as PayoutMonthTotal[]) ?? [],
      }),
      providesTags: ['PublicPayouts'],
      // Paid is final: a payout marked paid is the only change to the list, and its page and month totals are read again.
      onCacheEntryAdded: (_page, lifecycle) =>
        followLive(lifecycle, (live) => {
          live.join(PAYOUTS_ROOM);
          live.on('payouts:paid', () => lifecycle.dispatch(payoutsApi.util.invalidateTags(['PublicPayouts'])));
        }),
    }),
  }),
});

export const { useGetMyPrizesQuery, useGetPublicPayoutsQuery } = payoutsApi;
