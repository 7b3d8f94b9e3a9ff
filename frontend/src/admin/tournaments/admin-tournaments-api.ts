import type { AdminTournament, TournamentListItem } from '@kickback/contracts';
import { baseApi } from '../../lib/api';
import { followLive } from '../../lib/live-cache';
import { onAdminChange } from '../admin-live';

const ADMIN_LIST = { type: 'Tournaments' as const, id: 'ADMIN' };
const adminOne = (id: number) => ({ type: 'Tournaments' as const, id: `admin-${id}` });

export interface TournamentCreateInput {
  name: string;
  size: number;
  slots: { name: string; multiplier?: string }[];
  prize_points: number[];
  predictions_active: boolean;
}

export interface TournamentMatchInput {
  slot1_name?: string;
  slot2_name?: string;
  slot1_multiplier?: string | null;
  slot2_multiplier?: string | null;
}

type Changes = Partial<Pick<AdminTournament, 'name' | 'prize_points' | 'is_active' | 'predictions_active'>>;

export const tournamentsAdminApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminTournaments: build.query<TournamentListItem[], void>({
      query: () => '/api/admin/tournaments',
      providesTags: [ADMIN_LIST],
      onCacheEntryAdded: (_arg, lifecycle) =>
        followLive(lifecycle, (live) =>
          onAdminChange(live, 'tournaments', () => lifecycle.dispatch(tournamentsAdminApi.util.invalidateTags([ADMIN_LIST]))),
        ),
    }),
    getAdminTournament: build.query<AdminTournament, number>({
      query: (id) => `/api/admin/tournaments/${id}`,
      providesTags: (_r, _e, id) => [adminOne(id)],
    }),
    createTournament: build.mutation<AdminTournament, TournamentCreateInput>({
      query: (body) => ({ url: '/api/admin/tournaments', method: 'POST', body }),
      invalidatesTags: ['Tournaments'],
    }),
    updateTournament: build.mutation<AdminTournament, { id: number; changes: Changes }>({
      query: ({ id, changes }) => ({ url: `/api/admin/tournaments/${id}`, method: 'PUT', body: changes }),
      invalidatesTags: ['Tournaments'],
    }),
    updateTournamentMatch: build.mutation<AdminTournament, { id: number; matchId: number; changes: TournamentMatchInput }>({
      query: ({ id, matchId, changes }) => ({ url: `/api/admin/tournaments/${id}/matches/${matchId}`, method: 'PUT', body: changes }),
      invalidatesTags: ['Tournaments'],
    }),
    setTournamentWinner: build.mutation<AdminTournament, { id: number; matchId: number; winnerName: string; override?: boolean }>({
      query: ({ id, matchId, winnerName, override }) => ({
        url: `/api/admin/tournaments/${id}/matches/${matchId}/winner`,
        method: 'POST',
        body: override ? { winner_name: winnerName, override } : { winner_name: winnerName },
      }),
      invalidatesTags: ['Tournaments'],
    }),
    clearTournamentWinner: build.mutation<AdminTournament, { id: number; matchId: number }>({
      query: ({ id, matchId }) => ({ url: `/api/admin/tournaments/${id}/matches/${matchId}/winner`, method: 'DELETE' }),
      invalidatesTags: ['Tournaments'],
    }),
    deleteTournament: build.mutation<void, number>({
      query: (id) => ({ url: `/api/admin/tournaments/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Tournaments'],
    }),
  }),
});

export const {
  useGetAdminTournamentsQuery,
  useGetAdminTournamentQuery,
  useCreateTournamentMutation,
  useUpdateTournamentMutation,
  useUpdateTournamentMatchMutation,
  useSetTournamentWinnerMutation,
  useClearTournamentWinnerMutation,
  useDeleteTournamentMutation,
} = tournamentsAdminApi;
