import type {
  TournamentListItem,
  TournamentMatchPush,
  TournamentPageData,
  TournamentPickBreakdown,
  TournamentUpdatedPush,
} from '@kickback/contracts';
import { tournamentRoom } from '@kickback/contracts/realtime';
import { baseApi } from '../../lib/api';
import { followLive } from '../../lib/live-cache';

export interface PickInput {
  match_id: number;
  winner_name: string;
}

/** A 'tournament:match' push: the decided match and the next-round slot it filled. */
export function applyMatchPush(draft: TournamentPageData, push: TournamentMatchPush): boolean {
  if (draft.tournament.id !== push.tournament_id) return false;
  for (const match of push.matches) {
    const index = draft.tournament.matches.findIndex((m) => m.id === match.id);
    if (index !== -1) draft.tournament.matches[index] = match;
  }
  draft.tournament.progress = push.progress;
  draft.tournament.winner = push.winner;
  return true;
}

/** A 'tournament:updated' push carries the whole public state; the member's own picks stay. */
export function applyTournamentUpdate(draft: TournamentPageData, push: TournamentUpdatedPush): boolean {
  if (draft.tournament.id !== push.tournament.id) return false;
  draft.tournament = push.tournament;
  draft.top_predictions = push.top_predictions;
  return true;
}

export const tournamentsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTournaments: build.query<TournamentListItem[], void>({
      query: () => '/api/r/tournaments',
      providesTags: ['Tournaments'],
    }),
    getTournament: build.query<TournamentPageData, number>({
      query: (id) => `/api/r/tournaments/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Tournaments', id }],
      onCacheEntryAdded: (id, lifecycle) =>
        followLive(lifecycle, (live) => {
          const { updateCachedData } = lifecycle;
          live.join(tournamentRoom(id));
          live.on('tournament:match', (push) => updateCachedData((draft) => void applyMatchPush(draft, push)));
          live.on('tournament:updated', (push) => updateCachedData((draft) => void applyTournamentUpdate(draft, push)));
        }),
    }),
    getPickBreakdown: build.query<TournamentPickBreakdown[], { tournamentId: number; userId: number }>({
      query: ({ tournamentId, userId }) => `/api/r/tournaments/${tournamentId}/predictions/${userId}`,
      providesTags: (_result, _error, { tournamentId }) => [{ type: 'Tournaments', id: tournamentId }],
    }),
    savePredictions: build.mutation<{ message: string }, { tournamentId: number; predictions: PickInput[] }>({
      query: ({ tournamentId, predictions }) => ({
        url: `/api/r/tournaments/${tournamentId}/predict`,
        method: 'POST',
        body: { predictions },
      }),
      transformResponse: (_data: unknown, meta) => ({ message: meta?.message ?? 'Predictions saved successfully!' }),
      invalidatesTags: (_result, _error, { tournamentId }) => [{ type: 'Tournaments', id: tournamentId }, 'Tournaments'],
    }),
  }),
});

export const { useGetTournamentsQuery, useGetTournamentQuery, useGetPickBreakdownQuery, useSavePredictionsMutation } = tournamentsApi;
