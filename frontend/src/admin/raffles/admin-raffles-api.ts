import type { AdminRaffle, AdminRaffleEntry, AdminRaffleEntryList, AdminRaffleInput, Pagination } from '@kickback/contracts';
import { raffleRoom } from '@kickback/contracts/realtime';
import { baseApi, pagedList, type EnvelopeMeta } from '../../lib/api';
import { followLive } from '../../lib/live-cache';
import { onAdminChange, raffleTotalsFollower } from '../admin-live';
import { mergeEntriesPush } from './admin-entries-push';

const ADMIN_LIST = { type: 'Raffles' as const, id: 'ADMIN' };
const totals = raffleTotalsFollower((list: { data: AdminRaffle[] }) => list.data);

export const rafflesAdminApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminRaffles: build.query<{ data: AdminRaffle[]; pagination: Pagination }, number>({
      query: (page) => `/api/admin/raffles?page=${page}`,
      transformResponse: (data: AdminRaffle[], meta) => pagedList(data, meta),
      providesTags: [ADMIN_LIST],
      onQueryStarted: (_page, { queryFulfilled, updateCachedData }) => totals.reapplyAfter(queryFulfilled, updateCachedData),
      onCacheEntryAdded: (_page, lifecycle) =>
        followLive(lifecycle, (live) => {
          onAdminChange(live, 'raffles', () => lifecycle.dispatch(rafflesAdminApi.util.invalidateTags([ADMIN_LIST])));
          totals.follow(live, lifecycle.updateCachedData);
        }),
    }),
    getAdminRaffleEntries: build.query<AdminRaffleEntryList, { id: number; page: number }>({
      query: ({ id, page }) => `/api/admin/raffles/${id}/entries?page=${page}`,
      transformResponse: (data: AdminRaffleEntry[], meta) => ({
        ...pagedList(data, meta),
        tickets_total: meta?.extra.tickets_total as number,
      }),
      providesTags: (_r, _e, { id }) => [{ type: 'RaffleEntries', id: `admin-${id}` }],
      // New entries arrive without reload (points spent come with the next refetch).
      onCacheEntryAdded: ({ id }, lifecycle) =>
        followLive(lifecycle, (live) => {
          live.join(raffleRoom(id));
          live.on('raffle:entries', (push) => {
            if (push.raffle_id !== id) return;
            let complete = true;
            lifecycle.updateCachedData((draft) => void (complete = mergeEntriesPush(draft, push)));
            // A few admins watch this page: reading it again costs less than pushing every row to every viewer.
            if (!complete) lifecycle.dispatch(rafflesAdminApi.util.invalidateTags([{ type: 'RaffleEntries', id: `admin-${id}` }]));
          });
        }),
    }),
    createRaffle: build.mutation<AdminRaffle, Partial<AdminRaffleInput>>({
      query: (body) => ({ url: '/api/admin/raffles', method: 'POST', body }),
      invalidatesTags: [ADMIN_LIST, 'Raffles'],
    }),
    updateRaffle: build.mutation<AdminRaffle, { id: number; changes: Partial<AdminRaffleInput> }>({
      query: ({ id, changes }) => ({ url: `/api/admin/raffles/${id}`, method: 'PUT', body: changes }),
      invalidatesTags: [ADMIN_LIST, 'Raffles'],
    }),
    raffleAction: build.mutation<
      { message?: string },
      { id: number; action: 'cancel' | 'draw' | 'reroll' | 'apply-rules'; position?: number; reason?: string }
    >({
      query: ({ id, action, position, reason }) => ({
        url: `/api/admin/raffles/${id}/${action}`,
        method: 'POST',
        body: action === 'reroll' ? (reason ? { position, reason } : { position }) : {},
      }),
      // The toast's text is the envelope's message, which the base query moves out of `data`.
      transformResponse: (_data: unknown, meta: EnvelopeMeta | undefined) => ({ message: meta?.message }),
      // Applying the rules takes entry rows out: the admin's entry list reads its page again.
      invalidatesTags: (_r, _e, { id }) => [ADMIN_LIST, 'Raffles', { type: 'RaffleEntries', id: `admin-${id}` }],
    }),
  }),
});

export const {
  useGetAdminRafflesQuery,
  useGetAdminRaffleEntriesQuery,
  useCreateRaffleMutation,
  useUpdateRaffleMutation,
  useRaffleActionMutation,
} = rafflesAdminApi;
