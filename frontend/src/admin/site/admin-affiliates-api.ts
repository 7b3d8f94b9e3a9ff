import type { AdminAffiliate, AffiliateInput } from '@kickback/contracts';
import { baseApi } from '../../lib/api';

export const adminAffiliatesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminAffiliates: build.query<AdminAffiliate[], void>({
      query: () => '/api/admin/affiliates',
      providesTags: ['AdminAffiliates'],
    }),
    createAffiliate: build.mutation<AdminAffiliate, AffiliateInput>({
      query: (body) => ({ url: '/api/admin/affiliates', method: 'POST', body }),
      invalidatesTags: ['AdminAffiliates', 'Affiliates'],
    }),
    updateAffiliate: build.mutation<AdminAffiliate, { id: number; changes: Partial<AffiliateInput> }>({
      query: ({ id, changes }) => ({ url: `/api/admin/affiliates/${id}`, method: 'PUT', body: changes }),
      invalidatesTags: ['AdminAffiliates', 'Affiliates'],
    }),
    deleteAffiliate: build.mutation<void, number>({
      query: (id) => ({ url: `/api/admin/affiliates/${id}`, method: 'DELETE' }),
      invalidatesTags: ['AdminAffiliates', 'Affiliates'],
    }),
    reorderAffiliates: build.mutation<void, number[]>({
      query: (ids) => ({ url: '/api/admin/affiliates/reorder', method: 'POST', body: { ids } }),
      // Moving rows should feel instant; the refetch after the call confirms the server's order.
      async onQueryStarted(ids, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          adminAffiliatesApi.util.updateQueryData('getAdminAffiliates', undefined, (draft) => {
            const rank = new Map(ids.map((id, index) => [id, index]));
            draft.sort((a, b) => (rank.get(a.id) ?? -1) - (rank.get(b.id) ?? -1));
            draft.forEach((affiliate, index) => {
              affiliate.position = index + 1;
            });
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: ['AdminAffiliates', 'Affiliates'],
    }),
  }),
});

export const {
  useGetAdminAffiliatesQuery,
  useCreateAffiliateMutation,
  useUpdateAffiliateMutation,
  useDeleteAffiliateMutation,
  useReorderAffiliatesMutation,
} = adminAffiliatesApi;
