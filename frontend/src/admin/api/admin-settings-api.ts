import type { AdminSiteSettings, ApiSuccess, UpdateSiteSettingsRequest } from '@kickback/contracts';
import { baseApi } from '../../lib/api';

export const adminSettingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminSettings: build.query<AdminSiteSettings, void>({
      query: () => '/api/admin/settings',
      transformResponse: (response: ApiSuccess<AdminSiteSettings>) => response.data as AdminSiteSettings,
      providesTags: ['AdminSettings'],
    }),
    updateAdminSettings: build.mutation<ApiSuccess<AdminSiteSettings>, UpdateSiteSettingsRequest>({
      query: (body) => ({ url: '/api/admin/settings', method: 'PUT', body }),
      // The public settings feed the admin header and every open site tab; both must reload.
      invalidatesTags: ['AdminSettings', 'SiteSettings', 'Legal', 'AuditLog'],
    }),
  }),
});

export const { useGetAdminSettingsQuery, useUpdateAdminSettingsMutation } = adminSettingsApi;
