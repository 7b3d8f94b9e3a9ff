import type { AuditLogEntry, Pagination } from '@kickback/contracts';
import { baseApi, pagedList } from '../../lib/api';

export interface AuditLogPage {
  entries: AuditLogEntry[];
  pagination: Pagination;
}

export const adminAuditApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAuditLog: build.query<AuditLogPage, number>({
      query: (page) => ({ url: '/api/admin/audit-log', params: { page } }),
      transformResponse: (data: AuditLogEntry[] | undefined, meta) => {
        const { data: entries, pagination } = pagedList(data, meta);
        return { entries, pagination };
      },
      providesTags: ['AuditLog'],
    }),
  }),
});

export const { useGetAuditLogQuery } = adminAuditApi;
