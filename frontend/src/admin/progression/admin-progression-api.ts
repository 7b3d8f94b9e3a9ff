import type { AchievementInput, AdminAchievement, AdminBadge, BadgeInput } from '@kickback/contracts';
import { baseApi } from '../../lib/api';

/** The achievements and badges catalogues (admins only). Changes also refresh public profiles, which list them. */
export const adminProgressionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminAchievements: build.query<AdminAchievement[], void>({
      query: () => '/api/admin/achievements',
      providesTags: ['AdminAchievements'],
    }),
    createAchievement: build.mutation<AdminAchievement, AchievementInput>({
      query: (body) => ({ url: '/api/admin/achievements', method: 'POST', body }),
      invalidatesTags: ['AdminAchievements', 'Profile'],
    }),
    updateAchievement: build.mutation<AdminAchievement, { id: number; input: AchievementInput }>({
      query: ({ id, input }) => ({ url: `/api/admin/achievements/${id}`, method: 'PUT', body: input }),
      invalidatesTags: ['AdminAchievements', 'Profile'],
    }),
    deleteAchievement: build.mutation<string, number>({
      query: (id) => ({ url: `/api/admin/achievements/${id}`, method: 'DELETE' }),
      transformResponse: (_data: unknown, meta) => meta?.message ?? 'Achievement deleted.',
      invalidatesTags: ['AdminAchievements', 'Profile'],
    }),
    getAdminBadges: build.query<AdminBadge[], void>({
      query: () => '/api/admin/badges',
      providesTags: ['AdminBadges'],
    }),
    createBadge: build.mutation<AdminBadge, BadgeInput>({
      query: (body) => ({ url: '/api/admin/badges', method: 'POST', body }),
      invalidatesTags: ['AdminBadges'],
    }),
    updateBadge: build.mutation<AdminBadge, { id: number; input: BadgeInput }>({
      query: ({ id, input }) => ({ url: `/api/admin/badges/${id}`, method: 'PUT', body: input }),
      invalidatesTags: ['AdminBadges', 'Profile', 'AdminUserXp'],
    }),
    deleteBadge: build.mutation<string, number>({
      query: (id) => ({ url: `/api/admin/badges/${id}`, method: 'DELETE' }),
      transformResponse: (_data: unknown, meta) => meta?.message ?? 'Badge deleted.',
      invalidatesTags: ['AdminBadges', 'Profile', 'AdminUserXp'],
    }),
  }),
});

export const {
  useGetAdminAchievementsQuery,
  useCreateAchievementMutation,
  useUpdateAchievementMutation,
  useDeleteAchievementMutation,
  useGetAdminBadgesQuery,
  useCreateBadgeMutation,
  useUpdateBadgeMutation,
  useDeleteBadgeMutation,
} = adminProgressionApi;
