import type { AdminAffiliate, AffiliateInput } from '@kickback/contracts';
import { baseApi } from '../../lib/api';
import { crudEndpoints } from '../kit/crud-endpoints';

/** The partners on the home page (admins only); changes also refresh the public list. */
export const affiliatesAdmin = crudEndpoints<AdminAffiliate, AffiliateInput>({
  name: 'adminAffiliates',
  url: '/api/admin/affiliates',
  tag: 'AdminAffiliates',
  alsoInvalidates: ['Affiliates'],
  // The toast names the record ("Stake deleted"), where the server answers a generic message.
  removeToast: 'own',
});

const reorderApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    reorderAffiliates: build.mutation<void, number[]>({
      query: (ids) => ({ url: '/api/admin/affiliates/reorder', method: 'POST', body: { ids } }),
      // Moving rows should feel instant; the refetch after the call confirms the server's order.
      async onQueryStarted(ids, { dispatch, queryFulfilled }) {
        const rank = new Map(ids.map((id, index) => [id, index]));
        const patch = dispatch(
          affiliatesAdmin.updateList(undefined, (draft) => {
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

export const { useReorderAffiliatesMutation } = reorderApi;
