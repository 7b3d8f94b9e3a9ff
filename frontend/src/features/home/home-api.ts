import type { TotalGivenAway } from '@kickback/contracts';
import { baseApi, type EnvelopeMeta } from '../../lib/api';

/** The figure the hero shows; the answer's `success` is consumed by the base query. */
export type GivenAwayFigure = Omit<TotalGivenAway, 'success'>;

/**
 * SPEC §7 answers this one at the top level (`success, formatted_total`), not inside `data`, so the base query's
 * unwrapped data is null here and the figure is read from the envelope's other fields.
 */
export const readGivenAway = (meta: EnvelopeMeta | undefined): GivenAwayFigure => ({
  total: Number(meta?.extra.total ?? 0),
  formatted_total: typeof meta?.extra.formatted_total === 'string' ? meta.extra.formatted_total : '',
  // Present only when the streamer shows what is still owed apart (payout settings).
  ...(typeof meta?.extra.formatted_pending_total === 'string'
    ? { pending_total: Number(meta.extra.pending_total ?? 0), formatted_pending_total: meta.extra.formatted_pending_total }
    : {}),
});

export const homeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTotalGivenAway: build.query<GivenAwayFigure, void>({
      query: () => '/api/r/stats/total-given-away',
      transformResponse: (_data: unknown, meta: EnvelopeMeta | undefined) => readGivenAway(meta),
      providesTags: ['Stats'],
    }),
  }),
});

export const { useGetTotalGivenAwayQuery } = homeApi;
