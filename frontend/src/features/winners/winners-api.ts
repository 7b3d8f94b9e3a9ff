import { useEffect, useRef } from 'react';
import type { RecentWinner } from '@kickback/contracts';
import { WINNERS_ROOM } from '@kickback/contracts/realtime';
import { baseApi, pagedList } from '../../lib/api';
import { followLive } from '../../lib/live-cache';
import { applyWinnersPush, type RecentWinnersArgs, type RecentWinnersPage } from './winners-cache';

export type { RecentWinnersArgs, RecentWinnersPage } from './winners-cache';

const pageTag = ({ page, source }: RecentWinnersArgs) => ({ type: 'RecentWinners' as const, id: `${source ?? 'all'}:${page}` });

/** The Recent Winners page: every prize paid, newest first (GET /api/r/winners); pushes carry the rows that came and went. */
export const winnersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getRecentWinners: build.query<RecentWinnersPage, RecentWinnersArgs>({
      query: ({ page, source }) => `/api/r/winners?page=${page}${source ? `&source=${source}` : ''}`,
      transformResponse: (data: RecentWinner[], meta) => pagedList(data, meta),
      providesTags: (_result, _error, args) => ['RecentWinners', pageTag(args)],
      onCacheEntryAdded: (args, lifecycle) =>
        followLive(lifecycle, (live) => {
          live.join(WINNERS_ROOM);
          live.on('winners:new', (push) => {
            let outcome = 'unchanged';
            lifecycle.updateCachedData((draft) => {
              outcome = applyWinnersPush(draft, args, push);
            });
            // Only a removal the push cannot fill (the next page's first row moves up) reads the page again.
            if (outcome === 'short') lifecycle.dispatch(winnersApi.util.invalidateTags([pageTag(args)]));
          });
        }),
    }),
  }),
});

/**
 * One page of Recent Winners. A page a push marked stale (its rows shifted) stays as it is while on screen and is
 * read again when it is opened later.
 */
export function useRecentWinners(args: RecentWinnersArgs) {
  const query = winnersApi.useGetRecentWinnersQuery(args);
  const { refetch } = query;
  const stale = query.currentData?.stale === true;
  const opened = useRef<string | null>(null);
  const key = `${args.source ?? 'all'}:${args.page}`;
  useEffect(() => {
    if (opened.current === key) return;
    opened.current = key;
    if (stale) void refetch();
  }, [key, stale, refetch]);
  return query;
}
