import type { AdminUserDetail, AdminXpLedger, Role } from '@kickback/contracts';
import { baseApi } from '../../lib/api';

/** One member's standing (role, ban) and progression (XP ledger, badges), all changes audited on the server. */
export const adminUsersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminUser: build.query<AdminUserDetail, number>({
      query: (id) => `/api/admin/users/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'AdminUsers', id }],
    }),
    setUserRole: build.mutation<AdminUserDetail, { id: number; role: Role }>({
      query: ({ id, role }) => ({ url: `/api/admin/users/${id}/role`, method: 'PUT', body: { role } }),
      invalidatesTags: ['AdminUsers'],
    }),
    banUser: build.mutation<AdminUserDetail, { id: number; reason: string }>({
      query: ({ id, reason }) => ({ url: `/api/admin/users/${id}/ban`, method: 'POST', body: { reason } }),
      invalidatesTags: ['AdminUsers', 'Profile', 'Friends'],
    }),
    unbanUser: build.mutation<AdminUserDetail, number>({
      query: (id) => ({ url: `/api/admin/users/${id}/unban`, method: 'POST' }),
      invalidatesTags: ['AdminUsers', 'Profile', 'Friends'],
    }),
    getUserXp: build.query<AdminXpLedger, { userId: number; page: number }>({
      query: ({ userId, page }) => `/api/admin/users/${userId}/xp?page=${page}`,
      providesTags: ['AdminUserXp'],
    }),
    grantBadge: build.mutation<unknown, { userId: number; badgeId: number }>({
      query: ({ userId, badgeId }) => ({ url: `/api/admin/users/${userId}/badges/${badgeId}`, method: 'POST' }),
      invalidatesTags: ['AdminUserXp', 'AdminBadges', 'Profile'],
    }),
    revokeBadge: build.mutation<unknown, { userId: number; badgeId: number }>({
      query: ({ userId, badgeId }) => ({ url: `/api/admin/users/${userId}/badges/${badgeId}`, method: 'DELETE' }),
      invalidatesTags: ['AdminUserXp', 'AdminBadges', 'Profile'],
    }),
  }),
});

export const {
  useGetAdminUserQuery,
  useSetUserRoleMutation,
  useBanUserMutation,
  useUnbanUserMutation,
  useGetUserXpQuery,
  useGrantBadgeMutation,
  useRevokeBadgeMutation,
} = adminUsersApi;
