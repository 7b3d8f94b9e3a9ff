import type { LegalPage } from '@kickback/contracts';
import { baseApi } from '../../lib/api';

export const legalApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getLegalPage: build.query<LegalPage, LegalPage['slug']>({
      query: (slug) => `/api/r/legal/${slug}`,
      providesTags: (_result, _error, slug) => [{ type: 'Legal', id: slug }],
    }),
  }),
});

export const { useGetLegalPageQuery } = legalApi;
