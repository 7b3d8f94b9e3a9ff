import type {
  AdminHuntDetail,
  AdminHuntListItem,
  AdminOverlayToken,
  AdminRaffle,
  AdminTournament,
  FeaturedItems,
  TournamentListItem,
} from '@kickback/contracts';
import { huntRoom, raffleRoom, tournamentRoom } from '@kickback/contracts/realtime';
import { baseApi, type EnvelopeMeta } from '../../lib/api';
import { followLive } from '../../lib/live-cache';

/**
 * The Go live screen: what is running right now (hunt, raffle, tournament) through the same admin routes as
 * their own sections, kept current by their rooms, and the few actions a stream needs.
 */
export const goLiveApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getLiveHunt: build.query<AdminHuntDetail | null, void>({
      async queryFn(_arg, _api, _extra, fetch) {
        const list = await fetch('/api/admin/bonus-hunts?page=1');
        if (list.error) return { error: list.error };
        const running = (list.data as AdminHuntListItem[]).find((h) => h.status !== 'completed');
        if (!running) return { data: null };
        const detail = await fetch(`/api/admin/bonus-hunts/${running.id}`);
        return detail.error ? { error: detail.error } : { data: detail.data as AdminHuntDetail };
      },
      providesTags: ['BonusHunts'],
      onCacheEntryAdded: (_arg, lifecycle) =>
        followLive(lifecycle, (live) => {
          live.join(live.data ? huntRoom(live.data.id) : null);
          live.on('hunt:game', () => lifecycle.dispatch(goLiveApi.util.invalidateTags(['BonusHunts'])));
        }),
    }),
    enterHuntWin: build.mutation<AdminHuntDetail, { huntId: number; gameId: number; win: string }>({
      query: ({ huntId, gameId, win }) => ({ url: `/api/admin/bonus-hunts/${huntId}/games/${gameId}`, method: 'PUT', body: { win } }),
      invalidatesTags: ['BonusHunts', 'HuntPredictions', 'AuditLog'],
    }),
    /** What is on stream now (the server resolves the default: the newest raffle taking entries). */
    getFeatured: build.query<FeaturedItems, void>({
      query: () => '/api/admin/featured',
      providesTags: ['Raffles'],
    }),
    chooseFeaturedRaffle: build.mutation<FeaturedItems, number>({
      query: (id) => ({ url: '/api/admin/featured/raffle', method: 'PUT', body: { id } }),
      invalidatesTags: ['Raffles', 'AuditLog'],
    }),
    /** The raffles taking entries, any of which can be put on stream. */
    getOpenRaffles: build.query<AdminRaffle[], void>({
      query: () => '/api/admin/raffles?page=1',
      transformResponse: (raffles: AdminRaffle[]) => raffles.filter((r) => r.is_accepting_entries),
      providesTags: ['Raffles'],
    }),
    /** One raffle, kept current by its room (a cache entry per raffle, so putting another on stream follows its room). */
    getLiveRaffle: build.query<AdminRaffle, number>({
      query: (id) => `/api/admin/raffles/${id}`,
      providesTags: ['Raffles'],
      onCacheEntryAdded: (id, lifecycle) =>
        followLive(lifecycle, (live) => {
          live.join(raffleRoom(id));
          live.on('raffle:entries', (push) =>
            lifecycle.updateCachedData((raffle) => {
              if (raffle.id === push.raffle_id) raffle.total_entries = push.total_entries;
            }),
          );
          live.on('raffle:status', () => lifecycle.dispatch(goLiveApi.util.invalidateTags(['Raffles'])));
        }),
    }),
    drawLiveRaffle: build.mutation<{ message?: string }, number>({
      query: (id) => ({ url: `/api/admin/raffles/${id}/draw`, method: 'POST', body: {} }),
      // The toast says what the server did ("2 winners drawn for …"); the base query moves the message out of data.
      transformResponse: (_data: unknown, meta: EnvelopeMeta | undefined) => ({ message: meta?.message }),
      invalidatesTags: ['Raffles', 'RecentWinners', 'AuditLog'],
    }),
    getLiveTournament: build.query<AdminTournament | null, void>({
      async queryFn(_arg, _api, _extra, fetch) {
        const list = await fetch('/api/admin/tournaments');
        if (list.error) return { error: list.error };
        const active = (list.data as TournamentListItem[]).filter((t) => t.is_active).sort((a, b) => b.id - a.id)[0];
        if (!active) return { data: null };
        const detail = await fetch(`/api/admin/tournaments/${active.id}`);
        return detail.error ? { error: detail.error } : { data: detail.data as AdminTournament };
      },
      providesTags: ['Tournaments'],
      onCacheEntryAdded: (_arg, lifecycle) =>
        followLive(lifecycle, (live) => {
          live.join(live.data ? tournamentRoom(live.data.id) : null);
          live.on('tournament:match', () => lifecycle.dispatch(goLiveApi.util.invalidateTags(['Tournaments'])));
        }),
    }),
    setLiveMatchWinner: build.mutation<AdminTournament, { id: number; matchId: number; winnerName: string }>({
      query: ({ id, matchId, winnerName }) => ({
        url: `/api/admin/tournaments/${id}/matches/${matchId}/winner`,
        method: 'POST',
        body: { winner_name: winnerName },
      }),
      invalidatesTags: ['Tournaments', 'AuditLog'],
    }),
    getLiveOverlays: build.query<AdminOverlayToken[], void>({
      query: () => '/api/admin/overlays',
      providesTags: ['AdminOverlays'],
    }),
  }),
});

export const {
  useGetLiveHuntQuery,
  useEnterHuntWinMutation,
  useGetFeaturedQuery,
  useChooseFeaturedRaffleMutation,
  useGetOpenRafflesQuery,
  useGetLiveRaffleQuery,
  useDrawLiveRaffleMutation,
  useGetLiveTournamentQuery,
  useSetLiveMatchWinnerMutation,
  useGetLiveOverlaysQuery,
} = goLiveApi;
