import type { AdminRace, ApiSuccess, RaceInput, RaceUpdate } from '@kickback/contracts';
import { baseApi, withMessage } from '../../lib/api';
import { crudEndpoints } from '../kit/crud-endpoints';

/** The admin's races; changes also refresh the site's races list and pages. */
export const racesAdmin = crudEndpoints<AdminRace, RaceInput, RaceUpdate>({
  name: 'adminRaces',
  url: '/api/admin/races',
  tag: 'AdminRaces',
  alsoInvalidates: ['Races'],
});

const cancelApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    cancelRace: build.mutation<AdminRace, number>({
      query: (id) => ({ url: `/api/admin/races/${id}/cancel`, method: 'POST', body: {} }),
      invalidatesTags: ['AdminRaces', 'Races'],
    }),
    /** Runs the race's refresh now (after a CSV import, say); the server says what came of it. */
    refreshRace: build.mutation<ApiSuccess<AdminRace>, number>({
      query: (id) => ({ url: `/api/admin/races/${id}/refresh`, method: 'POST', body: {} }),
      transformResponse: (data: AdminRace, meta) => withMessage(data, meta),
      invalidatesTags: ['AdminRaces', 'Races'],
    }),
  }),
});

export const { useCancelRaceMutation, useRefreshRaceMutation } = cancelApi;
