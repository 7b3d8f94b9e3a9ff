import type { AdminSafetyCountry, SafetyCountryInput, SafetyOverview, SafetySettings, SafetySettingsUpdate } from '@kickback/contracts';
import { baseApi } from '../../lib/api';
import { crudEndpoints } from '../kit/crud-endpoints';

/** Each country's own age and help link (admins only); the worldwide ones are the settings below. */
export const safetyCountriesAdmin = crudEndpoints<AdminSafetyCountry, SafetyCountryInput>({
  name: 'adminSafetyCountries',
  url: '/api/admin/safety/countries',
  tag: 'SafetyCountries',
  alsoInvalidates: ['Safety'],
});

export const adminSafetyApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSafetySettings: build.query<SafetySettings, void>({
      query: () => '/api/admin/safety/settings',
      providesTags: ['SafetySettings'],
    }),
    updateSafetySettings: build.mutation<SafetySettings, SafetySettingsUpdate>({
      query: (body) => ({ url: '/api/admin/safety/settings', method: 'PUT', body }),
      invalidatesTags: ['SafetySettings', 'Safety'],
    }),
    /** Counts only (Go live and the Safer gambling screen); polled, since visitors arrive all the time. */
    getSafetyOverview: build.query<SafetyOverview, void>({
      query: () => '/api/admin/safety/overview',
      providesTags: ['SafetyOverview'],
    }),
    endBreak: build.mutation<null, { username: string }>({
      query: (body) => ({ url: '/api/admin/safety/breaks/end', method: 'POST', body }),
      invalidatesTags: ['SafetyOverview'],
    }),
  }),
});

export const { useGetSafetySettingsQuery, useUpdateSafetySettingsMutation, useGetSafetyOverviewQuery, useEndBreakMutation } =
  adminSafetyApi;
