import { RACE_MESSAGES, racePrizeLabel, type AdminRace, type RaceInput } from '@kickback/contracts';
import { raceInputSchema } from '@kickback/contracts/api/races';
import { errorMessage } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { useToast } from '../../lib/use-toast';
import { CataloguePage } from '../kit/catalogue-page';
import { type CatalogueResource, catalogueWords, formTexts, listTexts } from '../kit/resource';
import { racesAdmin, useCancelRaceMutation, useRefreshRaceMutation } from './admin-races-api';
import { platformField, prizeLadderField, utcDateTime } from './race-fields';

const STATUS = { upcoming: 'Upcoming', live: 'Live', finished: 'Finished', cancelled: 'Cancelled' } as const;

function CancelButton({
  race,
  busy,
  act,
}: {
  race: AdminRace;
  busy: boolean;
  act: (run: () => Promise<unknown>, ok: string, fail: string) => Promise<boolean>;
}) {
  const [cancel] = useCancelRaceMutation();
  return (
    <button
      type="button"
      className="button button--ghost"
      disabled={busy}
      onClick={() => void act(() => cancel(race.id).unwrap(), `${race.title} cancelled`, 'Failed to cancel race')}
    >
      Cancel {race.title}
    </button>
  );
}

/**
 * Runs a live race's refresh at once (after a CSV import, say) rather than at the platform's next interval. The server
 * says what came of it: refreshed, or why not (another run under way, a failed fetch), which is not a success.
 */
function RefreshButton({ race, busy }: { race: AdminRace; busy: boolean }) {
  const [refresh, state] = useRefreshRaceMutation();
  const toast = useToast();
  const run = async () => {
    try {
      const answer = await refresh(race.id).unwrap();
      const message = answer.message ?? RACE_MESSAGES.refreshed('updated');
      if (message === RACE_MESSAGES.refreshed('updated')) toast.success(message);
      else toast.warning(message);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to refresh race'));
    }
  };
  return (
    <button type="button" className="button button--ghost" disabled={busy || state.isLoading} onClick={() => void run()}>
      Refresh now: {race.title}
    </button>
  );
}

/** Wager races: each on a leaderboard platform, with its window, prize ladder, minimum and rules. */
const races: CatalogueResource<AdminRace, RaceInput> = {
  title: 'Wager Races',
  ...catalogueWords('Race', 'saved', 'deleted'),
  header: () => (
    <p className="admin-hint">
      A race ranks what players wager inside its window. Sources that only report running totals rank the growth since a snapshot taken at
      the start.
    </p>
  ),
  endpoints: racesAdmin,
  name: (race) => race.title,
  texts: listTexts('races', 'No races yet.', 'Wager races, latest start first'),
  columns: [
    { header: 'Title', cell: (race) => race.title, rowHeader: true },
    { header: 'Casino', cell: (race) => race.platform_name },
    { header: 'Window (UTC)', cell: (race) => `${formatDateTime(race.starts_at, 'UTC')} – ${formatDateTime(race.ends_at, 'UTC')}` },
    { header: 'Status', cell: (race) => `${STATUS[race.status]}${race.is_visible ? '' : ' (hidden)'}` },
    { header: 'Ranking', cell: (race) => (race.ranking === 'window' ? 'Race window' : 'Start snapshot') },
    {
      header: 'Prizes',
      cell: (race) => race.prizes.map((p) => racePrizeLabel(p, 'text' in p ? '' : p.currency)).join(', ') || '—',
    },
    { header: 'Placed', cell: (race) => race.entry_count },
    {
      header: 'Last refresh',
      cell: (race) => (race.last_error ? `Failed: ${race.last_error}` : race.last_updated ? formatDateTime(race.last_updated) : '—'),
    },
  ],
  form: {
    schema: raceInputSchema,
    layout: [
      'title',
      { name: 'platform_id', label: 'Casino', custom: platformField },
      [
        { name: 'starts_at', label: 'Start (UTC)', custom: utcDateTime('Start (UTC)') },
        { name: 'ends_at', label: 'End (UTC)', custom: utcDateTime('End (UTC)') },
      ],
      { name: 'prizes', label: 'Prize ladder', custom: prizeLadderField },
      { name: 'min_wager', label: 'Minimum wager to place', hint: 'Players who wagered less inside the race are not placed.' },
      { name: 'rules', label: 'Rules', rows: 4 },
      { name: 'is_visible', label: 'Shown on the site' },
    ],
    texts: formTexts('Race', (race) => race.title),
  },
  remove: {
    when: (race) => race.status !== 'live',
    title: 'Delete race?',
    message: (race) => `${race.title} and its standings are removed. Winners already recorded stay in Recent Winners.`,
  },
  rowActions: (race, kit) =>
    race.status === 'upcoming' || race.status === 'live' ? (
      <>
        {race.status === 'live' && <RefreshButton race={race} busy={kit.busy} />}
        <CancelButton race={race} busy={kit.busy} act={kit.act} />
      </>
    ) : null,
};

export default function RacesAdminPage() {
  return <CataloguePage resource={races} />;
}
