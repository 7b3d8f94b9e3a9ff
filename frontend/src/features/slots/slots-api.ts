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
import { baseApi, pagedList } from '../../lib/api';

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
    getSlotRequests: build.query<{ queue: SlotRequestEntry[]; open: boolean; price: number }, void>({
      query: () => '/api/r/slot-requests',
      providesTags: ['SlotRequests'],
    }),
    getMySlotRequests: build.query<MySlotRequest[], void>({ query: () => '/api/r/slot-requests/mine', providesTags: ['SlotRequests'] }),
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
