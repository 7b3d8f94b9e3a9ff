import type { AdminKickBanCleared, AdminKickStanding } from '@kickback/contracts';
import { baseApi } from '../../lib/api';

/** One member's Kick account as the channel's deliveries describe it, and the admin's corrections (audited). */
export const adminKickStandingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getKickStanding: build.query<AdminKickStanding, number>({
      query: (id) => `/api/admin/users/${id}/kick`,
      providesTags: (_result, _error, id) => [{ type: 'AdminUsers', id: `kick-${id}` }],
    }),
    clearKickBan: build.mutation<AdminKickBanCleared, number>({
      query: (id) => ({ url: `/api/admin/users/${id}/kick/clear-ban`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => [{ type: 'AdminUsers', id: `kick-${id}` }],
    }),
    markKickFollower: build.mutation<AdminKickStanding, number>({
      query: (id) => ({ url: `/api/admin/users/${id}/kick/follower`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => [{ type: 'AdminUsers', id: `kick-${id}` }],
    }),
  }),
});

export const { useGetKickStandingQuery, useClearKickBanMutation, useMarkKickFollowerMutation } = adminKickStandingApi;
