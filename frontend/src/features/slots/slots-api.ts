import type {
  MySlotRequest,
  Pagination,
  SlotCatalogueItem,
  SlotPublicDetail,
  SlotRequestEntry,
  SlotRequestOutcome,
  SlotSort,
  SlotVolatility,
} from '@kickback/contracts';
import { SLOT_REQUESTS_ROOM } from '@kickback/contracts/realtime';
import { baseApi, pagedList } from '../../lib/api';
import { followLive } from '../../lib/live-cache';

/** The catalogue page's filters, as its URL holds them. */
export interface SlotListArgs {
  page: number;
  sort: SlotSort;
  search: string;
  volatility: SlotVolatility | '';
  rtpMin: string;
  rtpMax: string;
}

const listQuery = ({ page, sort, search, volatility, rtpMin, rtpMax }: SlotListArgs) => {
  const query = new URLSearchParams({ sort, page: String(page) });
  if (search) query.set('search', search);
  if (volatility) query.set('volatility', volatility);
  if (rtpMin) query.set('rtp_min', rtpMin);
  if (rtpMax) query.set('rtp_max', rtpMax);
  return `/api/r/slots?${query}`;
};

/** The public queue as the page shows it: open or closed, the price, and how many requests wait (live). */
export interface SlotRequestsState {
  queue: SlotRequestEntry[];
  open: boolean;
  price: number;
  total: number;
}

const MINE = { type: 'SlotRequests' as const, id: 'MINE' };

/** The public slot catalogue with its figures, a slot's page, and members' slot requests. */
export const slotsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSlots: build.query<{ data: SlotCatalogueItem[]; pagination: Pagination }, SlotListArgs>({
      query: listQuery,
      transformResponse: (data: SlotCatalogueItem[], meta) => pagedList(data, meta),
      providesTags: ['Slots'],
    }),
    /** The request picker's matches: the catalogue by name, so a member picks a slot that exists. */
    findSlotsToRequest: build.query<SlotCatalogueItem[], string>({
      query: (search) => `/api/r/slots?${new URLSearchParams({ sort: 'name', search })}`,
      providesTags: ['Slots'],
    }),
    getSlot: build.query<SlotPublicDetail, number>({ query: (id) => `/api/r/slots/${id}`, providesTags: ['Slots'] }),
    getSlotRequests: build.query<SlotRequestsState, void>({
      query: () => '/api/r/slot-requests',
      transformResponse: (data: Omit<SlotRequestsState, 'total'>) => ({ ...data, total: data.queue.length }),
      providesTags: ['SlotRequests'],
      // The queue's size and the rules follow its room: each push says them, no read needed.
      onCacheEntryAdded: (_arg, lifecycle) =>
        followLive(lifecycle, (live) => {
          live.join(SLOT_REQUESTS_ROOM);
          live.on('slot-requests:changed', (push) =>
            lifecycle.updateCachedData((draft) => {
              draft.total = push.total;
              draft.open = push.open;
              draft.price = push.price;
            }),
          );
        }),
    }),
    getMySlotRequests: build.query<MySlotRequest[], void>({
      query: () => '/api/r/slot-requests/mine',
      providesTags: ['SlotRequests', MINE],
      /**
       * A push carries the queue's head, not this member's places: while one of their requests waits, each push (at
       * most one per window, ARCHITECTURE §3) reads their list again, so its place, and played or skipped, show live.
       * A member with nothing queued reads nothing.
       */
      onCacheEntryAdded: (_arg, lifecycle) =>
        followLive(lifecycle, (live) => {
          live.join(SLOT_REQUESTS_ROOM);
          live.on('slot-requests:changed', () => {
            if (lifecycle.getCacheEntry().data?.some((r) => r.status === 'queued'))
              lifecycle.dispatch(slotsApi.util.invalidateTags([MINE]));
          });
        }),
    }),
    requestSlot: build.mutation<{ data: SlotRequestOutcome; message?: string }, number>({
      query: (slotId) => ({ url: '/api/r/slot-requests', method: 'POST', body: { slot_id: slotId } }),
      transformResponse: (data: SlotRequestOutcome, meta) => ({ data, message: meta?.message }),
      invalidatesTags: ['SlotRequests', 'PointsHistory'],
    }),
  }),
});

export const {
  useGetSlotsQuery,
  useFindSlotsToRequestQuery,
  useGetSlotQuery,
  useGetSlotRequestsQuery,
  useGetMySlotRequestsQuery,
  useRequestSlotMutation,
} = slotsApi;
