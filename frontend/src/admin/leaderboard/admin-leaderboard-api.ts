import type {
  AdminPlatform,
  CsvImportPreview,
  LeaderboardFetchRecord,
  PlatformInput,
  PlatformUpdate,
  TestConnectionResult,
} from '@kickback/contracts';
import { baseApi } from '../../lib/api';

const BASE = '/api/admin/leaderboard/platforms';

export const leaderboardAdminApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getLeaderboardPlatforms: build.query<AdminPlatform[], void>({
      query: () => BASE,
      providesTags: ['AdminLeaderboard'],
    }),
    createLeaderboardPlatform: build.mutation<AdminPlatform, PlatformInput>({
      query: (body) => ({ url: BASE, method: 'POST', body }),
      invalidatesTags: ['AdminLeaderboard', 'Leaderboard'],
    }),
    updateLeaderboardPlatform: build.mutation<AdminPlatform, { id: number; changes: PlatformUpdate }>({
      query: ({ id, changes }) => ({ url: `${BASE}/${id}`, method: 'PUT', body: changes }),
      invalidatesTags: ['AdminLeaderboard', 'Leaderboard'],
    }),
    deleteLeaderboardPlatform: build.mutation<void, number>({
      query: (id) => ({ url: `${BASE}/${id}`, method: 'DELETE' }),
      invalidatesTags: ['AdminLeaderboard', 'Leaderboard'],
    }),
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
      invalidatesTags: (_result, _error, { id }) => [
        'AdminLeaderboard',
        'Leaderboard',
        { type: 'AdminLeaderboard', id: `fetches-${id}` },
      ],
    }),
  }),
});

export const {
  useGetLeaderboardPlatformsQuery,
  useCreateLeaderboardPlatformMutation,
  useUpdateLeaderboardPlatformMutation,
  useDeleteLeaderboardPlatformMutation,
  useTestLeaderboardPlatformMutation,
  useGetLeaderboardFetchesQuery,
  usePreviewLeaderboardCsvMutation,
  useImportLeaderboardCsvMutation,
} = leaderboardAdminApi;
