import type { AdminReadApiToken, CreatedReadApiToken, ReadApiTokenCreate } from '@kickback/contracts';
import { baseApi } from '../../lib/api';

const BASE = '/api/admin/read-api/tokens';

/** The Read API section: the tokens, creating one (answered with the token once) and revoking. */
export const adminReadApiApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getReadApiTokens: build.query<AdminReadApiToken[], void>({
      query: () => BASE,
      providesTags: ['AdminReadApiTokens'],
    }),
    createReadApiToken: build.mutation<CreatedReadApiToken, ReadApiTokenCreate>({
      query: (body) => ({ url: BASE, method: 'POST', body }),
      invalidatesTags: ['AdminReadApiTokens'],
    }),
    revokeReadApiToken: build.mutation<AdminReadApiToken, number>({
      query: (id) => ({ url: `${BASE}/${id}`, method: 'DELETE' }),
      invalidatesTags: ['AdminReadApiTokens'],
    }),
  }),
});

export const { useGetReadApiTokensQuery, useCreateReadApiTokenMutation, useRevokeReadApiTokenMutation } = adminReadApiApi;
