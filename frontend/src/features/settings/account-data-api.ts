import type { AccountDeleteInput, AccountExport } from '@kickback/contracts';
import { baseApi } from '../../lib/api';
import { followLive } from '../../lib/live-cache';

/** "Your data" on the settings page: the member's archive and deleting their account. */
export const accountDataApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAccountExport: build.query<AccountExport | null, void>({
      query: () => '/api/r/account/export',
      providesTags: ['AccountExport'],
      // The worker pushes the archive's state to the member's own room (joined at connect) once it is built.
      onCacheEntryAdded: (_arg, lifecycle) =>
        followLive(lifecycle, (live) => live.on('user:account-export', (push) => lifecycle.updateCachedData(() => push))),
    }),
    requestAccountExport: build.mutation<AccountExport, void>({
      query: () => ({ url: '/api/r/account/export', method: 'POST' }),
      invalidatesTags: ['AccountExport'],
    }),
    deleteAccount: build.mutation<null, AccountDeleteInput>({
      query: (body) => ({ url: '/api/r/account/delete', method: 'POST', body }),
    }),
  }),
});

export const { useGetAccountExportQuery, useRequestAccountExportMutation, useDeleteAccountMutation } = accountDataApi;
