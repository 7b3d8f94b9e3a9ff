import type { AdminPlatform, CsvImportPreview, LeaderboardFetchRecord, PlatformInput, TestConnectionResult } from '@kickback/contracts';
import { baseApi } from '../../lib/api';
import { crudEndpoints } from '../kit/crud-endpoints';

const BASE = '/api/admin/leaderboard/platforms';

/** The casinos the leaderboard shows (admins only); changes also refresh the public board and every fetch history. */
export const platformsAdmin = crudEndpoints<AdminPlatform, PlatformInput>({
  name: 'adminLeaderboardPlatforms',
  url: BASE,
  tag: 'AdminLeaderboard',
  alsoInvalidates: ['Leaderboard'],
  // The toast names the record ("Roobet deleted"), where the server answers a generic message.
  removeToast: 'own',
});
/** Go live reads the same list. */
export const useGetLeaderboardPlatformsQuery = platformsAdmin.useList;

/** A platform's connection test, fetch history and CSV import. */
export const leaderboardAdminApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    testLeaderboardPlatform: build.mutation<TestConnectionResult, number>({
      query: (id) => ({ url: `${BASE}/${id}/test`, method: 'POST', body: {} }),
      invalidatesTags: (_result, _error, id) => [{ type: 'AdminLeaderboard', id: `fetches-${id}` }],
    }),
    getLeaderboardFetches: build.query<LeaderboardFetchRecord[], number>({
      query: (id) => `${BASE}/${id}/fetches`,
      providesTags: (_result, _error, id) => [{ type: 'AdminLeaderboard', id: `fetches-${id}` }],
    }),
    previewLeaderboardCsv: build.mutation<CsvImportPreview, string>({
      query: (csv) => ({ url: `${BASE}/import-preview`, method: 'POST', body: csv, headers: { 'content-type': 'text/csv' } }),
    }),
    importLeaderboardCsv: build.mutation<CsvImportPreview, { id: number; csv: string }>({
      query: ({ id, csv }) => ({ url: `${BASE}/${id}/import`, method: 'POST', body: csv, headers: { 'content-type': 'text/csv' } }),
      invalidatesTags: (_result, _error, { id }) => ['AdminLeaderboard', 'Leaderboard', { type: 'AdminLeaderboard', id: `fetches-${id}` }],
    }),
  }),
});

export const {
  useTestLeaderboardPlatformMutation,
  useGetLeaderboardFetchesQuery,
  usePreviewLeaderboardCsvMutation,
  useImportLeaderboardCsvMutation,
} = leaderboardAdminApi;
