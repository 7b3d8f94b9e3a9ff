import { formatDateTime, formatNumber } from '../../lib/format';
import { racesAdmin } from '../races/admin-races-api';
import { useChooseFeaturedRaceMutation, useGetFeaturedQuery } from './admin-go-live-api';
import { OnStreamPanel } from './go-live-others';

/** How often the panel reads the races again: a race refreshes at its platform's interval (a minute at the least). */
const POLL_MS = 30_000;
const STATUS = { upcoming: 'Upcoming', live: 'Live', finished: 'Finished', cancelled: 'Cancelled' } as const;

/** The race on the race overlay (and beside the leaderboard overlay's board): its state and last refresh, and the others to switch to. */
export function RacePanel() {
  const featured = useGetFeaturedQuery();
  const races = racesAdmin.useList(undefined, { pollingInterval: POLL_MS });
  const [choose, chooseState] = useChooseFeaturedRaceMutation();
  const featuredId = featured.data?.race ?? null;
  const onStream = (races.data ?? []).find((r) => r.id === featuredId);
  const others = (races.data ?? [])
    .filter((r) => r.id !== featuredId && r.is_visible && (r.status === 'upcoming' || r.status === 'live'))
    .map((r) => ({ id: r.id, name: r.title }));
  return (
    <OnStreamPanel
      id="go-live-race"
      title="Race on stream"
      queries={[featured, races]}
      texts={{
        loading: 'Loading the races...',
        error: 'Failed to load the races.',
        empty: 'No race is on stream. Create one in Wager Races.',
      }}
      others={{
        heading: 'Other races',
        label: 'Other upcoming and live races',
        kind: 'race',
        items: others,
        busy: chooseState.isLoading,
        choose: (id) => choose(id).unwrap(),
      }}
    >
      {onStream && (
        <div data-testid="go-live-race">
          <p className="go-live__title">{onStream.title}</p>
          <p>
            {STATUS[onStream.status]} · {onStream.platform_name} · ends {formatDateTime(onStream.ends_at)} ·{' '}
            {formatNumber(onStream.entry_count)} placed
          </p>
          <p className={onStream.last_error ? 'field-error' : 'field-hint'} data-testid="go-live-race-refresh">
            {onStream.last_error
              ? `Last refresh failed: ${onStream.last_error}`
              : onStream.last_updated
                ? `Last refresh ${formatDateTime(onStream.last_updated)}`
                : 'Not refreshed yet'}
          </p>
        </div>
      )}
    </OnStreamPanel>
  );
}
