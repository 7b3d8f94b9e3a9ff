import type {
  AdminHuntDetail,
  AdminHuntListItem,
  AdminOverlayToken,
  AdminRaffle,
  AdminTournament,
  ArchiveKind,
  ArchivedItem,
  FeaturedItems,
  JoinKeywordView,
  TournamentListItem,
} from '@kickback/contracts';
import { huntRoom, raffleRoom } from '@kickback/contracts/realtime';
import { baseApi, type EnvelopeMeta } from '../../lib/api';
import { followLive } from '../../lib/live-cache';
import { onAdminChange, raffleTotalsFollower } from '../admin-live';

/** The open raffles' entry counters, kept from the admin room's pushes across the list's reads. */
const openTotals = raffleTotalsFollower((raffles: AdminRaffle[]) => raffles);

/**
 * The Go live screen: what is running right now (hunt, raffle, tournament) through the same admin routes as
 * their own sections, kept current by their rooms, and the few actions a stream needs.
 */
export const goLiveApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The hunt not yet completed (one at a time), null when none runs: Go live then offers to start one. */
    getRunningHuntId: build.query<number | null, void>({
      query: () => '/api/admin/bonus-hunts?page=1',
      transformResponse: (hunts: AdminHuntListItem[]) => hunts.find((h) => h.status !== 'completed')?.id ?? null,
      providesTags: [{ type: 'BonusHunts', id: 'LIST' }],
      onCacheEntryAdded: (_arg, lifecycle) =>
        followLive(lifecycle, (live) =>
          onAdminChange(live, 'bonus-hunts', () => lifecycle.dispatch(goLiveApi.util.invalidateTags([{ type: 'BonusHunts', id: 'LIST' }]))),
        ),
    }),
    /**
     * The running hunt, kept current by its room (a cache entry per hunt, so a new hunt follows its own room). The room
     * is joined after the first read, so the hunt is read once more when the server confirms the join (and after each
     * reconnection): a slot the streamer adds from another tab in between would otherwise never show.
     */
    getLiveHunt: build.query<AdminHuntDetail, number>({
      query: (id) => `/api/admin/bonus-hunts/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'BonusHunts', id }],
      onCacheEntryAdded: (id, lifecycle) =>
        followLive(lifecycle, (live) => {
          live.join(huntRoom(id));
          const refresh = () => lifecycle.dispatch(goLiveApi.util.invalidateTags([{ type: 'BonusHunts', id }]));
          live.on('room:joined', ({ room }) => room === huntRoom(id) && refresh());
          live.on('hunt:game', refresh);
          live.on('hunt:updated', (push) => push.change !== 'prediction' && refresh());
        }),
    }),
    /** Go live starts a hunt with predictions open: members can predict from the first moment. */
    startLiveHunt: build.mutation<AdminHuntDetail, { name: string; starting_balance: string; prize_points: number[] }>({
      query: (body) => ({ url: '/api/admin/bonus-hunts', method: 'POST', body: { ...body, open_predictions: true } }),
      invalidatesTags: ['BonusHunts'],
    }),
    addLiveHuntGame: build.mutation<AdminHuntDetail, { huntId: number; slot_id: number; bet?: string }>({
      query: ({ huntId, ...body }) => ({ url: `/api/admin/bonus-hunts/${huntId}/games`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { huntId }) => [
        { type: 'BonusHunts', id: huntId },
        { type: 'BonusHunts', id: 'LIST' },
      ],
    }),
    /** Opens or closes predictions while the hunt collects (the first saved win closes them for good). */
    setLivePredictions: build.mutation<AdminHuntDetail, { huntId: number; active: boolean }>({
      query: ({ huntId, active }) => ({ url: `/api/admin/bonus-hunts/${huntId}/predictions`, method: 'POST', body: { active } }),
      invalidatesTags: (_r, _e, { huntId }) => [{ type: 'BonusHunts', id: huntId }, 'HuntPredictions'],
    }),
    /** Completing scores the predictions and pays the prizes: the one way to make room for the next hunt. */
    completeLiveHunt: build.mutation<AdminHuntDetail, number>({
      query: (id) => ({ url: `/api/admin/bonus-hunts/${id}/status`, method: 'POST', body: { status: 'completed' } }),
      invalidatesTags: ['BonusHunts', 'HuntPredictions'],
    }),
    enterHuntWin: build.mutation<AdminHuntDetail, { huntId: number; gameId: number; win: string | null }>({
      query: ({ huntId, gameId, win }) => ({ url: `/api/admin/bonus-hunts/${huntId}/games/${gameId}`, method: 'PUT', body: { win } }),
      invalidatesTags: ['BonusHunts', 'HuntPredictions'],
    }),
    /** What is on stream now (the server resolves the default: the newest raffle taking entries). */
    getFeatured: build.query<FeaturedItems, void>({
      query: () => '/api/admin/featured',
      providesTags: ['Raffles', 'Tournaments', 'AdminLeaderboard', 'AdminRaces'],
    }),
    chooseFeaturedRaffle: build.mutation<FeaturedItems, number>({
      query: (id) => ({ url: '/api/admin/featured/raffle', method: 'PUT', body: { id } }),
      invalidatesTags: ['Raffles'],
    }),
    chooseFeaturedTournament: build.mutation<FeaturedItems, number>({
      query: (id) => ({ url: '/api/admin/featured/tournament', method: 'PUT', body: { id } }),
      invalidatesTags: ['Tournaments'],
    }),
    chooseFeaturedRace: build.mutation<FeaturedItems, number>({
      query: (id) => ({ url: '/api/admin/featured/race', method: 'PUT', body: { id } }),
      invalidatesTags: ['AdminRaces'],
    }),
    chooseFeaturedLeaderboard: build.mutation<FeaturedItems, number>({
      query: (id) => ({ url: '/api/admin/featured/leaderboard', method: 'PUT', body: { id } }),
      invalidatesTags: ['AdminLeaderboard'],
    }),
    /** The raffles taking entries, any of which can be put on stream. */
    getOpenRaffles: build.query<AdminRaffle[], void>({
      query: () => '/api/admin/raffles?page=1',
      transformResponse: (raffles: AdminRaffle[]) => raffles.filter((r) => r.is_accepting_entries),
      providesTags: ['Raffles'],
      // One listener for the whole panel: a raffle created, started, drawn or put on stream elsewhere shows here.
      onQueryStarted: (_arg, { queryFulfilled, updateCachedData }) => openTotals.reapplyAfter(queryFulfilled, updateCachedData),
      onCacheEntryAdded: (_arg, lifecycle) =>
        followLive(lifecycle, (live) => {
          onAdminChange(live, 'raffles', () => lifecycle.dispatch(goLiveApi.util.invalidateTags(['Raffles'])));
          openTotals.follow(live, lifecycle.updateCachedData);
        }),
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
      invalidatesTags: ['Raffles', 'RecentWinners'],
    }),
    /** The active tournaments, any of which can be put on stream; kept current by the admin room. */
    getActiveTournaments: build.query<TournamentListItem[], void>({
      query: () => '/api/admin/tournaments',
      transformResponse: (list: TournamentListItem[]) => list.filter((t) => t.is_active),
      providesTags: ['Tournaments'],
      // Every tournament change (a match decided, one created, finished or put on stream elsewhere) reaches the admin room.
      onCacheEntryAdded: (_arg, lifecycle) =>
        followLive(lifecycle, (live) =>
          onAdminChange(live, 'tournaments', () => lifecycle.dispatch(goLiveApi.util.invalidateTags(['Tournaments']))),
        ),
    }),
    getLiveTournament: build.query<AdminTournament, number>({
      query: (id) => `/api/admin/tournaments/${id}`,
      providesTags: ['Tournaments'],
    }),
    setLiveMatchWinner: build.mutation<AdminTournament, { id: number; matchId: number; winnerName: string; override?: boolean }>({
      query: ({ id, matchId, winnerName, override }) => ({
        url: `/api/admin/tournaments/${id}/matches/${matchId}/winner`,
        method: 'POST',
        body: override ? { winner_name: winnerName, override } : { winner_name: winnerName },
      }),
      invalidatesTags: ['Tournaments'],
    }),
    /** Takes back a winner clicked by mistake (only while the match it moved into is undecided). */
    clearLiveMatchWinner: build.mutation<AdminTournament, { id: number; matchId: number }>({
      query: ({ id, matchId }) => ({ url: `/api/admin/tournaments/${id}/matches/${matchId}/winner`, method: 'DELETE' }),
      invalidatesTags: ['Tournaments'],
    }),
    /** Bulk archive of what is over; the toast is the server's count ("Archived 3 ended raffles …"). */
    archiveOver: build.mutation<{ message?: string }, ArchiveKind[]>({
      query: (kinds) => ({ url: '/api/admin/archive', method: 'POST', body: { kinds } }),
      transformResponse: (_data: unknown, meta: EnvelopeMeta | undefined) => ({ message: meta?.message }),
      invalidatesTags: ['Raffles', 'BonusHunts', 'Tournaments', 'Store', 'AdminStoreItems'],
    }),
    /** What is archived, newest first (the archive above refreshes it: the same tags). */
    getArchived: build.query<ArchivedItem[], void>({
      query: () => '/api/admin/archive',
      providesTags: ['Raffles', 'BonusHunts', 'Tournaments', 'AdminStoreItems'],
    }),
    restoreArchived: build.mutation<{ message?: string }, { kind: ArchiveKind; id: number }>({
      query: (body) => ({ url: '/api/admin/archive/restore', method: 'POST', body }),
      transformResponse: (_data: unknown, meta: EnvelopeMeta | undefined) => ({ message: meta?.message }),
      invalidatesTags: ['Raffles', 'BonusHunts', 'Tournaments', 'Store', 'AdminStoreItems'],
    }),
    /** The chat keyword that enters the raffle on stream, from a route moderators may read (the rules are the admin's). */
    getJoinKeyword: build.query<JoinKeywordView, void>({
      query: () => '/api/admin/activity/join-keyword',
      providesTags: ['AdminActivity'],
    }),
    getLiveOverlays: build.query<AdminOverlayToken[], void>({
      query: () => '/api/admin/overlays',
      providesTags: ['AdminOverlays'],
    }),
  }),
});

export const {
  useGetRunningHuntIdQuery,
  useGetLiveHuntQuery,
  useStartLiveHuntMutation,
  useAddLiveHuntGameMutation,
  useSetLivePredictionsMutation,
  useCompleteLiveHuntMutation,
  useEnterHuntWinMutation,
  useGetFeaturedQuery,
  useChooseFeaturedRaffleMutation,
  useChooseFeaturedLeaderboardMutation,
  useChooseFeaturedRaceMutation,
  useGetOpenRafflesQuery,
  useGetLiveRaffleQuery,
  useDrawLiveRaffleMutation,
  useGetActiveTournamentsQuery,
  useGetLiveTournamentQuery,
  useChooseFeaturedTournamentMutation,
  useSetLiveMatchWinnerMutation,
  useClearLiveMatchWinnerMutation,
  useGetJoinKeywordQuery,
  useGetLiveOverlaysQuery,
  useArchiveOverMutation,
  useGetArchivedQuery,
  useRestoreArchivedMutation,
} = goLiveApi;
