import type { Pagination, PointsHistory } from '@kickback/contracts';
import { baseApi, pagedList } from '../../lib/api';

export interface AdminUserRow {
  id: number;
  username: string;
  kick_username: string | null;
  role: string;
  points: number;
  created_at: string;
  last_seen_at: string | null;
}

export interface AdminUsersPage {
  data: AdminUserRow[];
  pagination: Pagination;
}

/** The members directory with balances, each member's points ledger and manual adjustments. */
export const adminEconomyApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminUsers: build.query<AdminUsersPage, { search: string; page: number }>({
      query: ({ search, page }) => `/api/admin/users?page=${page}&search=${encodeURIComponent(search)}`,
      transformResponse: (data: AdminUserRow[], meta) => pagedList(data, meta),
      providesTags: ['AdminUsers'],
    }),
    getAdminUserLedger: build.query<PointsHistory, { userId: number; page: number }>({
      query: ({ userId, page }) => `/api/admin/users/${userId}/points?page=${page}`,
      providesTags: ['AdminUserLedger'],
    }),
    adjustUserPoints: build.mutation<{ balance: number; message: string }, { userId: number; delta: number; note: string }>({
      query: ({ userId, delta, note }) => ({ url: `/api/admin/users/${userId}/points`, method: 'POST', body: { delta, note } }),
      transformResponse: (data: { balance: number } | undefined, meta) => ({ balance: data?.balance ?? 0, message: meta?.message ?? '' }),
      invalidatesTags: ['AdminUsers', 'AdminUserLedger'],
    }),
  }),
});

export const { useGetAdminUsersQuery, useGetAdminUserLedgerQuery, useAdjustUserPointsMutation } = adminEconomyApi;
