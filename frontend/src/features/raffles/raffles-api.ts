import { raffleRoom } from '@kickback/contracts/realtime';
import type {
  ApiEnvelope,
  ApiSuccess,
  Raffle,
  RaffleDrawnPush,
  RaffleEnterRequest,
  RaffleEnterResult,
  RaffleEntriesCursor,
  RaffleWeights,
  RaffleEntry,
  RaffleEntryOrder,
  RaffleParticipant,
  RaffleVerification,
} from '@kickback/contracts';
import { baseApi, withMessage } from '../../lib/api';
import { followLive } from '../../lib/live-cache';
import { applyEntriesPush, applyEntryRows, applyOwnEntry, applyTotals, hasNoEntries, type RaffleEntriesPage } from './raffle-logic';
import { enterRaffle } from './enter-raffle';

/** What a raffle:drawn push changes on a cached raffle. */
const drawnChanges = (push: RaffleDrawnPush): Partial<Raffle> => ({
  winners: push.winners,
  seed: push.seed,
  has_ended: true,
  is_accepting_entries: false,
  status: 'Ended',
});

interface EnterArgs {
  id: number;
  body: RaffleEnterRequest;
}

/** One cached entry list: a raffle, its order and the (already trimmed) server-side search. */
export interface RaffleEntriesArgs {
  id: number;
  order: RaffleEntryOrder;
  search: string;
}

const entriesUrl = ({ id, order, search }: RaffleEntriesArgs, cursor: string | null): string => {
  const query = new URLSearchParams();
  // Most tickets first is the server's default (SPEC §5).
  if (order !== 'tickets') query.set('order', order);
  if (cursor) query.set('cursor', cursor);
  if (search) query.set('search', search);
  const text = query.toString();
  return `/api/r/raffles/${id}/entries${text ? `?${text}` : ''}`;
};

/**
 * Raffle data. Each cached list, detail and entry list follows the raffle:{id} rooms it shows (followLive),
 * so counts, entries, status and winners update without reload.
 */
export const rafflesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getRaffles: build.query<Raffle[], void>({
      query: () => '/api/r/raffles',
      providesTags: ['Raffles'],
      // Cards of raffles still running update live: their rooms are followed for as long as the list is cached.
      onCacheEntryAdded: (_arg, lifecycle) =>
        followLive(lifecycle, (live) => {
          const { updateCachedData } = lifecycle;
          for (const raffle of live.data) live.join(raffle.has_ended ? null : raffleRoom(raffle.id));
          live.on('raffle:entries', (push) =>
            updateCachedData((draft) => {
              const raffle = draft.find((r) => r.id === push.raffle_id);
              if (raffle) applyTotals(raffle, push);
            }),
          );
          live.on('raffle:status', (push) =>
            updateCachedData((draft) => {
              const index = draft.findIndex((r) => r.id === push.raffle_id);
              // The public view carries no per-member flags; keep this member's own entries.
              if (index !== -1) draft[index] = { ...push.raffle, user_entries: draft[index]!.user_entries };
            }),
          );
          live.on('raffle:drawn', (push) =>
            updateCachedData((draft) => {
              const raffle = draft.find((r) => r.id === push.raffle_id);
              if (raffle) Object.assign(raffle, drawnChanges(push));
            }),
          );
        }),
    }),
    getRaffle: build.query<Raffle, number>({
      query: (id) => `/api/r/raffles/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Raffles', id }],
      onCacheEntryAdded: (id, lifecycle) =>
        followLive(lifecycle, (live) => {
          const { updateCachedData } = lifecycle;
          live.join(raffleRoom(id));
          live.on('raffle:entries', (push) => {
            if (push.raffle_id === id) updateCachedData((draft) => applyTotals(draft, push));
          });
          live.on('raffle:status', (push) => {
            if (push.raffle_id === id) updateCachedData((draft) => ({ ...push.raffle, user_entries: draft.user_entries }));
          });
          live.on('raffle:drawn', (push) => {
            if (push.raffle_id === id) updateCachedData((draft) => void Object.assign(draft, drawnChanges(push)));
          });
        }),
    }),
    /**
     * The entry list, most tickets or newest entrants first, a page at a time (loaded on scroll). Pushes and the member's own
     * entry patch the loaded pages; nothing refetches the list because someone entered.
     */
    getRaffleEntries: build.infiniteQuery<RaffleEntriesPage, RaffleEntriesArgs, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last) => last.cursor.next ?? undefined,
      },
      query: ({ queryArg, pageParam }) => entriesUrl(queryArg, pageParam),
      transformResponse: (data: RaffleParticipant[], meta) => ({
        data,
        cursor: meta?.extra.cursor as RaffleEntriesCursor,
        weights: meta?.extra.weights as RaffleWeights | undefined,
      }),
      providesTags: (_result, _error, { id }) => [{ type: 'RaffleEntries', id }],
      onCacheEntryAdded: (args, lifecycle) =>
        followLive(lifecycle, (live) => {
          live.join(raffleRoom(args.id));
          live.on('raffle:entries', (push) => {
            if (push.raffle_id === args.id) lifecycle.updateCachedData((draft) => applyEntriesPush(draft, push, args.search, args.order));
          });
        }),
    }),
    getRaffleVerification: build.query<RaffleVerification, number>({
      query: (id) => `/api/r/raffles/${id}/verify`,
    }),
    /**
     * Nothing is refetched after an entry: during a stream thousands enter together, and each reload of the raffle
     * and its whole entry list multiplied the server's work by the number of entrants. The answer's entry updates
     * this member's flags and list here; everyone's totals and entries arrive with the coalesced raffle:entries push.
     */
    enterRaffle: build.mutation<ApiEnvelope<RaffleEnterResult>, EnterArgs>({
      queryFn: ({ id, body }, _api, _extra, http) =>
        enterRaffle(id, body, async (args) => {
          const result = await http(args);
          return result.error ? { error: result.error } : { data: withMessage(result.data as RaffleEnterResult, result.meta) };
        }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled, getState }) {
        let entry: RaffleEntry | null | undefined;
        try {
          const answer = (await queryFulfilled).data;
          entry = answer.success ? answer.data?.entry : null;
        } catch {
          return;
        }
        if (!entry) return;
        const own = entry;
        const state = getState();
        // Held nothing before: this entry makes the member a newcomer, listed at the top.
        const before = rafflesApi.endpoints.getRaffle.select(id)(state).data?.user_entries;
        const firstEntryId = before && hasNoEntries(before) ? own.id : null;
        dispatch(rafflesApi.util.updateQueryData('getRaffle', id, (draft) => applyOwnEntry(draft.user_entries, own)));
        dispatch(
          rafflesApi.util.updateQueryData('getRaffles', undefined, (draft) => {
            const raffle = draft.find((r) => r.id === id);
            if (raffle) applyOwnEntry(raffle.user_entries, own);
          }),
        );
        for (const args of rafflesApi.util.selectCachedArgsForQuery(state, 'getRaffleEntries'))
          if (args.id === id)
            dispatch(
              rafflesApi.util.updateQueryData('getRaffleEntries', args, (draft) =>
                applyEntryRows(draft, [{ entry: own, firstEntryId }], args.search, args.order),
              ),
            );
      },
    }),
    /** The winner's claim; the answer is the raffle as it now stands (everyone else sees it by the raffle:status push). */
    claimRafflePrize: build.mutation<ApiSuccess<Raffle>, number>({
      query: (id) => ({ url: `/api/r/raffles/${id}/claim`, method: 'POST' }),
      transformResponse: (data: Raffle, meta) => withMessage(data, meta),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        let raffle: Raffle | undefined;
        try {
          raffle = (await queryFulfilled).data.data;
        } catch {
          return; // the caller shows the refusal
        }
        if (raffle) {
          const fresh = raffle;
          dispatch(rafflesApi.util.updateQueryData('getRaffle', id, (draft) => ({ ...fresh, user_entries: draft.user_entries })));
        }
      },
    }),
  }),
});

export const {
  useClaimRafflePrizeMutation,
  useGetRafflesQuery,
  useGetRaffleQuery,
  useGetRaffleEntriesInfiniteQuery,
  useLazyGetRaffleVerificationQuery,
  useEnterRaffleMutation,
} = rafflesApi;
