import type { AuditLogEntry, Pagination } from '@kickback/contracts';
import { baseApi } from '../../lib/api';

export interface AuditLogPage {
  entries: AuditLogEntry[];
  pagination: Pagination;
}

interface AuditLogResponse {
  success: true;
  data: AuditLogEntry[];
  pagination: Pagination;
}

export const adminAuditApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAuditLog: build.query<AuditLogPage, number>({
      query: (page) => ({ url: '/api/admin/audit-log', params: { page } }),
      transformResponse: (response: AuditLogResponse) => ({
        entries: response.data ?? [],
        pagination: response.pagination ?? {
          current_page: 1,
          last_page: 1,
          per_page: response.data?.length ?? 0,
          total: response.data?.length ?? 0,
        },
      }),
      providesTags: ['AuditLog'],
    }),
  }),
});

export const { useGetAuditLogQuery } = adminAuditApi;
