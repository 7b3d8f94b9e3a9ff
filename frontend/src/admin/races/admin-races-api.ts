import type { AdminRace, RaceInput, RaceUpdate } from '@kickback/contracts';
import { baseApi } from '../../lib/api';
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
  }),
});

export const { useCancelRaceMutation } = cancelApi;
