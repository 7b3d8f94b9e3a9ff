import type {
  CurrentHuntData,
  HuntGamePush,
  HuntOverallStats,
  HuntPrediction,
  HuntSummary,
  HuntUpdatedPush,
  Pagination,
} from '@kickback/contracts';
import { HUNTS_ROOM, huntRoom } from '@kickback/contracts/realtime';
import { baseApi, pagedList } from '../../lib/api';
import { followLive } from '../../lib/live-cache';

export interface PredictionInput {
  end_balance: number;
  highest_multiplier: number;
  highest_multiplier_game: string;
}

export interface SearchAnswer {
  success: boolean;
  data: HuntPrediction | null;
  message?: string;
}

/** SPEC §7: failures of the bonus hunt lists are silent apart from the log. */
async function logFailure(what: string, queryFulfilled: Promise<unknown>): Promise<void> {
  try {
    await queryFulfilled;
  } catch (error) {
    console.warn(`Failed to load ${what}`, error);
  }
}

/** A game push applied to the cached current hunt: tiles, highest multiplier card, slot grid and standings. */
export function applyGamePush(draft: CurrentHuntData, push: HuntGamePush): boolean {
  if (!draft.hunt || draft.hunt.id !== push.hunt_id) return false;
  const index = draft.games.findIndex((game) => game.id === push.game.id);
  if (index === -1) return false;
  draft.games[index] = push.game;
  draft.statistics = push.statistics;
  draft.hunt.statistics = push.statistics;
  draft.top_predictions = push.top_predictions;
  if (draft.user_prediction) {
    const own = push.top_predictions.find((p) => p.id === draft.user_prediction!.id);
    if (own) draft.user_prediction = own;
  }
  return true;
}

/** Applies what a 'hunt:updated' push says directly; returns whether the rest needs a refetch. */
export function applyHuntUpdate(draft: CurrentHuntData, push: HuntUpdatedPush): 'patched' | 'refetch' | 'ignored' {
  if (!draft.hunt) return push.change === 'created' ? 'refetch' : 'ignored';
  if (draft.hunt.id !== push.hunt_id) return push.change === 'created' ? 'refetch' : 'ignored';
  draft.hunt.predictions_active = push.predictions_active;
  draft.hunt.status = push.status;
  draft.hunt.predictions_count = push.predictions_count;
  if (push.top_predictions) draft.top_predictions = push.top_predictions;
  return push.change === 'predictions' || push.change === 'prediction' ? 'patched' : 'refetch';
}

export const bonusHuntsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCurrentHunt: build.query<CurrentHuntData, void>({
      query: () => '/api/r/bonus-hunts/current',
      providesTags: ['BonusHunts'],
      onQueryStarted: (_arg, { queryFulfilled }) => logFailure('the current bonus hunt', queryFulfilled),
      // 'hunts' tells a page that a hunt started; hunt:{id} carries the running hunt's games and predictions.
      onCacheEntryAdded: (_arg, lifecycle) =>
        followLive(lifecycle, (live) => {
          const { updateCachedData, dispatch } = lifecycle;
          live.join(HUNTS_ROOM);
          live.join(live.data.hunt ? huntRoom(live.data.hunt.id) : null);
          live.on('hunt:game', (push) => {
            let applied = true as boolean;
            updateCachedData((draft) => {
              applied = applyGamePush(draft, push);
            });
            if (!applied) dispatch(bonusHuntsApi.util.invalidateTags(['BonusHunts']));
          });
          live.on('hunt:updated', (push) => {
            let outcome = 'ignored' as ReturnType<typeof applyHuntUpdate>;
            updateCachedData((draft) => {
              outcome = applyHuntUpdate(draft, push);
            });
            // A new hunt started: follow its room from now on, and load it.
            if (push.change === 'created' && (!live.data.hunt || live.data.hunt.id !== push.hunt_id)) live.join(huntRoom(push.hunt_id));
            if (outcome === 'refetch') dispatch(bonusHuntsApi.util.invalidateTags(['BonusHunts', 'HuntPredictions']));
          });
        }),
    }),
    getHuntPredictions: build.query<{ data: HuntPrediction[]; pagination: Pagination }, { huntId: number; page: number }>({
      query: ({ huntId, page }) => `/api/r/bonus-hunts/${huntId}/predictions?page=${page}`,
      transformResponse: (data: HuntPrediction[], meta) => pagedList(data, meta),
      providesTags: ['HuntPredictions'],
      onQueryStarted: (_arg, { queryFulfilled }) => logFailure('hunt predictions', queryFulfilled),
    }),
    searchHuntPrediction: build.query<SearchAnswer, { huntId: number; username: string }>({
      query: ({ huntId, username }) => `/api/r/bonus-hunts/${huntId}/predictions/search?username=${encodeURIComponent(username)}`,
      // "Not found" is a 200 with success false (SPEC §8 "not-success shows the server message"), which the base query
      // passes through whole; a found prediction arrives unwrapped.
      transformResponse: (answer: unknown, meta): SearchAnswer =>
        typeof answer === 'object' && answer !== null && 'success' in answer
          ? (answer as SearchAnswer)
          : { success: true, data: answer as HuntPrediction, message: meta?.message },
      providesTags: ['HuntPredictions'],
    }),
    getHuntStats: build.query<HuntOverallStats, void>({
      query: () => '/api/r/bonus-hunts/stats',
      providesTags: ['BonusHunts'],
      onQueryStarted: (_arg, { queryFulfilled }) => logFailure('hunt statistics', queryFulfilled),
    }),
    getHuntHistory: build.query<{ data: HuntSummary[]; pagination: Pagination }, number>({
      query: (page) => `/api/r/bonus-hunts/history?page=${page}`,
      transformResponse: (data: HuntSummary[], meta) => pagedList(data, meta),
      providesTags: ['BonusHunts'],
      onQueryStarted: (_arg, { queryFulfilled }) => logFailure('hunt history', queryFulfilled),
    }),
    submitPrediction: build.mutation<{ message: string }, { huntId: number; body: PredictionInput }>({
      query: ({ huntId, body }) => ({ url: `/api/r/bonus-hunts/${huntId}/predict`, method: 'POST', body }),
      transformResponse: (_data: unknown, meta) => ({ message: meta?.message ?? 'Prediction saved' }),
      // SPEC §4: after a successful submit the hunt data reloads.
      invalidatesTags: ['BonusHunts', 'HuntPredictions'],
    }),
  }),
});

export const {
  useGetCurrentHuntQuery,
  useGetHuntPredictionsQuery,
  useLazySearchHuntPredictionQuery,
  useGetHuntStatsQuery,
  useGetHuntHistoryQuery,
  useSubmitPredictionMutation,
} = bonusHuntsApi;
