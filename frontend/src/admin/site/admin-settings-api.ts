import type { AdminSiteSettings, ApiSuccess, UpdateSiteSettingsRequest } from '@kickback/contracts';
import { baseApi, withMessage } from '../../lib/api';

export const adminSettingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminSettings: build.query<AdminSiteSettings, void>({
      query: () => '/api/admin/settings',
      providesTags: ['AdminSettings'],
    }),
    updateAdminSettings: build.mutation<ApiSuccess<AdminSiteSettings>, UpdateSiteSettingsRequest>({
      query: (body) => ({ url: '/api/admin/settings', method: 'PUT', body }),
      // The public settings feed the admin header and every open site tab; both must reload.
      transformResponse: (data: AdminSiteSettings, meta) => withMessage(data, meta),
      invalidatesTags: ['AdminSettings', 'SiteSettings', 'Legal'],
    }),
  }),
});

export const { useGetAdminSettingsQuery, useUpdateAdminSettingsMutation } = adminSettingsApi;
