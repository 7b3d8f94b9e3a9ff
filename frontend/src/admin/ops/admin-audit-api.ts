import type { AuditLogEntry, Pagination } from '@kickback/contracts';
import { baseApi, pagedList } from '../../lib/api';

export interface AuditLogPage {
  data: AuditLogEntry[];
  pagination: Pagination;
}

export const adminAuditApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAuditLog: build.query<AuditLogPage, number>({
      query: (page) => ({ url: '/api/admin/audit-log', params: { page } }),
      transformResponse: (data: AuditLogEntry[] | undefined, meta) => pagedList(data, meta),
      // The base query invalidates this tag after every admin change, so the log is fresh when opened.
      providesTags: ['AuditLog'],
    }),
  }),
});

export const { useGetAuditLogQuery } = adminAuditApi;
