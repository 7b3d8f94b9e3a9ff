import type { TournamentListItem, TournamentPageData, TournamentPickBreakdown, TournamentPredictResult } from '@kickback/contracts';
import { tournamentRoom } from '@kickback/contracts/realtime';
import { baseApi } from '../../lib/api';
import { followLive } from '../../lib/live-cache';
import { applyMatchesToBreakdown, applyMatchPush, applyPredictResult, applyToListItem, applyTournamentUpdate } from './tournament-cache';

export interface PickInput {
  match_id: number;
  winner_name: string;
}

export interface SavedPredictions extends TournamentPredictResult {
  message: string;
}

const picksTag = (tournamentId: number, userId: number) => ({ type: 'TournamentPicks' as const, id: `${tournamentId}:${userId}` });

export const tournamentsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTournaments: build.query<TournamentListItem[], void>({
      query: () => '/api/r/tournaments',
      providesTags: ['Tournaments'],
    }),
    getTournament: build.query<TournamentPageData, number>({
      query: (id) => `/api/r/tournaments/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Tournaments', id }],
      // Pushes carry the change: the page, the list's card and any open pick breakdown take it in place.
      onCacheEntryAdded: (id, lifecycle) =>
        followLive(lifecycle, (live) => {
          const { updateCachedData, dispatch, getState } = lifecycle;
          const patchList = (change: Partial<TournamentListItem> & { id: number }) =>
            dispatch(tournamentsApi.util.updateQueryData('getTournaments', undefined, (draft) => applyToListItem(draft, change)));
          live.join(tournamentRoom(id));
          live.on('tournament:match', (push) => {
            updateCachedData((draft) => void applyMatchPush(draft, push));
            if (push.tournament_id !== id) return;
            patchList({ id, progress: push.progress, winner: push.winner });
            for (const args of tournamentsApi.util.selectCachedArgsForQuery(getState(), 'getPickBreakdown')) {
              if (args.tournamentId !== id) continue;
              dispatch(
                tournamentsApi.util.updateQueryData('getPickBreakdown', args, (draft) => applyMatchesToBreakdown(draft, push.matches)),
              );
            }
          });
          live.on('tournament:updated', (push) => {
            updateCachedData((draft) => void applyTournamentUpdate(draft, push));
            if (push.tournament.id === id) patchList(push.tournament);
          });
        }),
    }),
    getPickBreakdown: build.query<TournamentPickBreakdown[], { tournamentId: number; userId: number }>({
      query: ({ tournamentId, userId }) => `/api/r/tournaments/${tournamentId}/predictions/${userId}`,
      providesTags: (_result, _error, { tournamentId, userId }) => [picksTag(tournamentId, userId)],
    }),
    savePredictions: build.mutation<SavedPredictions, { tournamentId: number; predictions: PickInput[] }>({
      query: ({ tournamentId, predictions }) => ({
        url: `/api/r/tournaments/${tournamentId}/predict`,
        method: 'POST',
        body: { predictions },
      }),
      transformResponse: (data: TournamentPredictResult, meta) => ({
        ...data,
        message: meta?.message ?? 'Predictions saved successfully!',
      }),
      // The answer carries the picks, the count and the member's standing: the page and the list's card take them with
      // no read (issue #16). The member's own breakdown is dropped, not read: it is only shown in a dialog, opened later.
      async onQueryStarted({ tournamentId }, { dispatch, queryFulfilled }) {
        try {
          const { data: result } = await queryFulfilled;
          dispatch(tournamentsApi.util.updateQueryData('getTournament', tournamentId, (draft) => applyPredictResult(draft, result)));
          dispatch(
            tournamentsApi.util.updateQueryData('getTournaments', undefined, (draft) =>
              applyToListItem(draft, {
                id: tournamentId,
                predictions_count: Math.max(draft.find((t) => t.id === tournamentId)?.predictions_count ?? 0, result.predictions_count),
              }),
            ),
          );
        } catch {
          // The page shows the failure; nothing to patch.
        }
      },
      invalidatesTags: (result, _error, { tournamentId }) => (result ? [picksTag(tournamentId, result.standing.user.id)] : []),
    }),
  }),
});

export const { useGetTournamentsQuery, useGetTournamentQuery, useGetPickBreakdownQuery, useSavePredictionsMutation } = tournamentsApi;
