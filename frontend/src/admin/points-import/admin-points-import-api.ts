import type { Pagination, PointsImportApplied, PointsImportBatch, PointsImportPreview, PointsImportQuery } from '@kickback/contracts';
import { baseApi, pagedList } from '../../lib/api';

const BASE = '/api/admin/points-imports';

/** A file to import and how to read it (the contract's query): the file goes as the request body, the rest in the query. */
export type PointsImportUpload = PointsImportQuery & { text: string };

const upload = (path: string, { format, username_column, points_column, watch_time_column, text }: PointsImportUpload) => {
  const query = new URLSearchParams({ format });
  if (format === 'csv') {
    query.set('username_column', username_column);
    query.set('points_column', points_column);
    if (watch_time_column) query.set('watch_time_column', watch_time_column);
  }
  // Sent as text: StreamElements' JSON too, so the server streams it instead of the JSON body parser.
  return { url: `${path}?${query}`, method: 'POST', body: text, headers: { 'content-type': format === 'csv' ? 'text/csv' : 'text/plain' } };
};

/** The Import points section: dry run, apply, the batches and their rollback. */
export const adminPointsImportApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPointsImports: build.query<{ data: PointsImportBatch[]; pagination: Pagination }, number>({
      query: (page) => `${BASE}?page=${page}`,
      transformResponse: (data: PointsImportBatch[], meta) => pagedList(data, meta),
      providesTags: ['AdminPointsImports'],
    }),
    dryRunPointsImport: build.mutation<PointsImportPreview, PointsImportUpload>({
      query: (file) => upload(`${BASE}/dry-run`, file),
    }),
    applyPointsImport: build.mutation<PointsImportApplied & { message: string }, PointsImportUpload>({
      query: (file) => upload(BASE, file),
      transformResponse: (data: PointsImportApplied, meta) => ({ ...data, message: meta?.message ?? '' }),
      invalidatesTags: ['AdminPointsImports', 'AdminUsers', 'AdminUserLedger'],
    }),
    rollbackPointsImport: build.mutation<PointsImportBatch, number>({
      query: (id) => ({ url: `${BASE}/${id}/rollback`, method: 'POST' }),
      invalidatesTags: ['AdminPointsImports', 'AdminUsers', 'AdminUserLedger'],
    }),
  }),
});

export const { useGetPointsImportsQuery, useDryRunPointsImportMutation, useApplyPointsImportMutation, useRollbackPointsImportMutation } =
  adminPointsImportApi;
