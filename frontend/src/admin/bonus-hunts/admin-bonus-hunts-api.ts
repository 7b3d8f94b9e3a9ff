import type { AdminHuntDetail, AdminHuntListItem, CatalogueSlot, Pagination, SlotProvider } from '@kickback/contracts';
import { baseApi, pagedList } from '../../lib/api';
import { followLive } from '../../lib/live-cache';
import { onAdminChange } from '../admin-live';

export const adminBonusHuntsApi = baseApi.injectEndpoints({
  endpoints: (build) => {
    /** Every hunt change answers with the fresh detail; it replaces the cached one so typing never waits for a refetch. */
    const huntChange = <Arg extends { huntId: number }>(request: (arg: Arg) => { url: string; method: string; body?: unknown }) =>
      build.mutation<AdminHuntDetail, Arg>({
        query: request,
        async onQueryStarted({ huntId }, { dispatch, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            dispatch(adminBonusHuntsApi.util.upsertQueryData('getAdminHunt', huntId, data));
          } catch {
            // The screen shows the error; the cached detail stays as it was.
          }
        },
        // The public page and the list follow (counts, status); the detail itself was just replaced.
        invalidatesTags: ['HuntPredictions', { type: 'BonusHunts', id: 'LIST' }],
      });

    return {
      getAdminHunts: build.query<{ data: AdminHuntListItem[]; pagination: Pagination }, number>({
        query: (page) => `/api/admin/bonus-hunts?page=${page}`,
        transformResponse: (data: AdminHuntListItem[], meta) => pagedList(data, meta),
        providesTags: [{ type: 'BonusHunts', id: 'LIST' }],
        onCacheEntryAdded: (_page, lifecycle) =>
          followLive(lifecycle, (live) =>
            onAdminChange(live, 'bonus-hunts', () =>
              lifecycle.dispatch(adminBonusHuntsApi.util.invalidateTags([{ type: 'BonusHunts', id: 'LIST' }])),
            ),
          ),
      }),
      getAdminHunt: build.query<AdminHuntDetail, number>({
        query: (id) => `/api/admin/bonus-hunts/${id}`,
        providesTags: (_result, _error, id) => [{ type: 'BonusHunts', id }],
      }),
      createHunt: build.mutation<AdminHuntDetail, { name: string; starting_balance: string; prize_points: number[] }>({
        query: (body) => ({ url: '/api/admin/bonus-hunts', method: 'POST', body }),
        invalidatesTags: ['BonusHunts'],
      }),
      updateHunt: huntChange(
        ({ huntId, ...body }: { huntId: number; name?: string; starting_balance?: string; prize_points?: number[] }) => ({
          url: `/api/admin/bonus-hunts/${huntId}`,
          method: 'PUT',
          body,
        }),
      ),
      setHuntPredictions: huntChange(({ huntId, active }: { huntId: number; active: boolean }) => ({
        url: `/api/admin/bonus-hunts/${huntId}/predictions`,
        method: 'POST',
        body: { active },
      })),
      setHuntStatus: huntChange(({ huntId, status }: { huntId: number; status: 'opening' | 'completed' }) => ({
        url: `/api/admin/bonus-hunts/${huntId}/status`,
        method: 'POST',
        body: { status },
      })),
      addHuntGame: huntChange(({ huntId, ...body }: { huntId: number; slot_id: number; bet?: string }) => ({
        url: `/api/admin/bonus-hunts/${huntId}/games`,
        method: 'POST',
        body,
      })),
      updateHuntGame: huntChange(({ huntId, gameId, ...body }: { huntId: number; gameId: number; bet?: string; win?: string | null }) => ({
        url: `/api/admin/bonus-hunts/${huntId}/games/${gameId}`,
        method: 'PUT',
        body,
      })),
      removeHuntGame: huntChange(({ huntId, gameId }: { huntId: number; gameId: number }) => ({
        url: `/api/admin/bonus-hunts/${huntId}/games/${gameId}`,
        method: 'DELETE',
      })),
      restoreHuntGame: huntChange(({ huntId, ...body }: { huntId: number; game_id: number }) => ({
        url: `/api/admin/bonus-hunts/${huntId}/games/restore`,
        method: 'POST',
        body,
      })),
      reorderHuntGames: huntChange(({ huntId, ids }: { huntId: number; ids: number[] }) => ({
        url: `/api/admin/bonus-hunts/${huntId}/games/reorder`,
        method: 'POST',
        body: { ids },
      })),
      searchSlots: build.query<CatalogueSlot[], string>({
        query: (search) => `/api/admin/hunt-catalogue/slots?search=${encodeURIComponent(search)}`,
      }),
      getProviders: build.query<SlotProvider[], void>({
        query: () => '/api/admin/hunt-catalogue/providers',
        providesTags: [{ type: 'BonusHunts', id: 'PROVIDERS' }],
      }),
      createSlot: build.mutation<CatalogueSlot, { name: string; provider_id?: number; provider_name?: string; image_url: string | null }>({
        query: (body) => ({ url: '/api/admin/hunt-catalogue/slots', method: 'POST', body }),
        // A slot named with a new provider creates that provider too.
        invalidatesTags: [{ type: 'BonusHunts', id: 'PROVIDERS' }],
      }),
    };
  },
});

export const {
  useGetAdminHuntsQuery,
  useGetAdminHuntQuery,
  useCreateHuntMutation,
  useUpdateHuntMutation,
  useSetHuntPredictionsMutation,
  useSetHuntStatusMutation,
  useAddHuntGameMutation,
  useUpdateHuntGameMutation,
  useRemoveHuntGameMutation,
  useRestoreHuntGameMutation,
  useReorderHuntGamesMutation,
  useLazySearchSlotsQuery,
  useGetProvidersQuery,
  useCreateSlotMutation,
} = adminBonusHuntsApi;
