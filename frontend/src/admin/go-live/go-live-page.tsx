import { useState } from 'react';
import { Link } from 'react-router-dom';
import { OVERLAY_KINDS } from '@kickback/contracts/api/overlays';
import type { AdminRaffle } from '@kickback/contracts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { PageHeader } from '../../components/ui/page-header';
import { formatDateTime, formatNumber } from '../../lib/format';
import { OVERLAY_LABELS } from '../../lib/overlay-kinds';
import { errorMessage } from '../../lib/api-error';
import { useToast } from '../../lib/use-toast';
import { useAppSelector } from '../../app/hooks';
import { selectCurrentUser } from '../../lib/session-slice';
import { StartRaffleFromTemplate } from './start-raffle-from-template';
import { GoLiveRaffleWinners } from './go-live-raffle-winners';
import {
  useDrawLiveRaffleMutation,
  useGetLiveOverlaysQuery,
  useChooseFeaturedRaffleMutation,
  useGetFeaturedQuery,
  useGetJoinKeywordQuery,
  useGetOpenRafflesQuery,
  useGetLiveRaffleQuery,
} from './admin-go-live-api';
import { ArchivePanel } from './go-live-archive';
import { ContestPanel } from './go-live-contest';
import { PollPanel } from './go-live-poll';
import { HuntPanel } from './go-live-hunt';
import { LeaderboardPanel } from './go-live-leaderboard';
import { RacePanel } from './go-live-race';
import { SlotRequestsPanel } from './go-live-slot-requests';
import { OthersOnStream } from './go-live-others';
import { TournamentPanel } from './go-live-tournament';
import { WorkerAlert } from './go-live-worker-alert';
import { PayoutsOverdueAlert } from './go-live-payouts-alert';
import './go-live-page.css';
import { SafetyOverviewPanel } from '../safety/safety-overview';
import { QueryLines } from '../kit/rows';

/**
 * One screen to run a stream, where the admin panel opens: the running hunt's wins (or the next hunt), the raffle on
 * stream and its draw, the bracket's winners, the board on the leaderboard overlay, the race on stream, the viewers'
 * slot requests, the overlays.
 */
export default function GoLivePage() {
  return (
    <div className="admin-page go-live">
      <PageHeader title="Go live">
        <p className="field-hint">Everything running right now, in one tab. Changes go out to the site and the overlays at once.</p>
      </PageHeader>
      <WorkerAlert />
      <PayoutsOverdueAlert />
      <div className="go-live__grid">
        <HuntPanel />
        <RafflePanel />
        <ContestPanel />
        <PollPanel />
        <TournamentPanel />
        <LeaderboardPanel />
        <RacePanel />
        <SlotRequestsPanel />
        <OverlaysPanel />
        <ArchivePanel />
        <SafetyOverviewPanel />
      </div>
    </div>
  );
}

function RafflePanel() {
  const featured = useGetFeaturedQuery();
  const open = useGetOpenRafflesQuery();
  const featuredId = featured.data?.raffle ?? null;
  const raffle = useGetLiveRaffleQuery(featuredId ?? 0, { skip: featuredId === null });
  const [choose, chooseState] = useChooseFeaturedRaffleMutation();
  const isLoading = featured.isLoading || raffle.isLoading;
  const isError = featured.isError || raffle.isError;
  const others = (open.data ?? []).filter((r) => r.id !== featuredId);
  return (
    <section className="card go-live__panel" aria-labelledby="go-live-raffle">
      <h2 id="go-live-raffle">Raffle on stream</h2>
      <QueryLines
        query={{ isLoading, isError }}
        nothing={featuredId === null}
        texts={{
          loading: 'Loading the raffle...',
          error: 'Failed to load the raffle.',
          empty: 'No raffle is on stream. Start one below or create one in Raffles.',
        }}
      />
      {raffle.data && featuredId !== null && <OpenRaffle raffle={raffle.data} />}
      <JoinKeyword />
      <OthersOnStream
        heading="Also taking entries"
        label="Other open raffles"
        kind="raffle"
        items={others.map((r) => ({ id: r.id, name: r.title }))}
        busy={chooseState.isLoading}
        choose={(id) => choose(id).unwrap()}
      />
      <StartRaffleFromTemplate />
    </section>
  );
}

/** How viewers enter from chat: the keyword set in Activity, the one the raffle overlay shows by default. */
function JoinKeyword() {
  const isAdmin = useAppSelector(selectCurrentUser)?.role === 'Admin';
  const { data } = useGetJoinKeywordQuery();
  if (!data) return null;
  return (
    <p className="field-hint" data-testid="go-live-join-keyword">
      {data.chat_commands_enabled ? (
        <>
          Chat: linked members type <strong>!{data.join_keyword}</strong> to enter the raffle on stream.
        </>
      ) : (
        'Chat commands are off: viewers enter on the raffle page.'
      )}
      {/* Activity is the admin's: a moderator reads the keyword here but changes it there through an admin. */}
      {isAdmin && (
        <>
          {' '}
          <Link to="/activity">Change</Link>
        </>
      )}
    </p>
  );
}

function OpenRaffle({ raffle }: { raffle: AdminRaffle }) {
  const [confirming, setConfirming] = useState(false);
  const [draw, state] = useDrawLiveRaffleMutation();
  const toast = useToast();
  const run = async () => {
    try {
      const answer = await draw(raffle.id).unwrap();
      toast.success(answer.message ?? `${raffle.title}: winners drawn`);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to draw the winners'));
    }
    setConfirming(false);
  };
  // A draw needs a started raffle with entries, not yet drawn or cancelled.
  const drawable = raffle.is_accepting_entries && raffle.total_entries > 0;
  return (
    <>
      <p className="go-live__title" data-testid="go-live-raffle-title">
        {raffle.title}
      </p>
      <p>
        <strong data-testid="go-live-raffle-entries">{formatNumber(raffle.total_entries)}</strong>{' '}
        {raffle.total_entries === 1 ? 'entry' : 'entries'} · {raffle.number_of_winners}{' '}
        {raffle.number_of_winners === 1 ? 'winner' : 'winners'} · {raffle.status === 'Ended' ? 'ended' : 'ends'}{' '}
        {formatDateTime(raffle.end_datetime)}
      </p>
      {drawable ? (
        <button type="button" className="button button--primary" onClick={() => setConfirming(true)}>
          Draw winners now
        </button>
      ) : (
        <p className="field-hint">
          {raffle.drawn_at
            ? 'Winners drawn. They stay on stream until you start a raffle or put another on stream.'
            : raffle.is_accepting_entries
              ? 'Winners can be drawn once someone has entered.'
              : 'This raffle is not taking entries.'}
        </p>
      )}
      {raffle.drawn_at && <GoLiveRaffleWinners raffle={raffle} />}
      {confirming && (
        <ConfirmDialog
          title={`Draw the winners of ${raffle.title} now?`}
          message={`${raffle.title} ends now and its ${raffle.number_of_winners === 1 ? 'winner is' : `${raffle.number_of_winners} winners are`} drawn from ${formatNumber(raffle.total_entries)} ${raffle.total_entries === 1 ? 'entry' : 'entries'}; this cannot be undone.`}
          confirmLabel="Draw"
          busy={state.isLoading}
          onConfirm={() => void run()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}

function OverlaysPanel() {
  const { data, isLoading, isError } = useGetLiveOverlaysQuery();
  // The URLs are the overlays' secrets: a moderator sees whether each is live, an admin manages them.
  const isAdmin = useAppSelector(selectCurrentUser)?.role === 'Admin';
  const byKind = new Map((data ?? []).map((t) => [t.kind, t]));
  return (
    <section className="card go-live__panel" aria-labelledby="go-live-overlays">
      <h2 id="go-live-overlays">Overlays</h2>
      <QueryLines query={{ isLoading, isError }} texts={{ loading: 'Loading overlays...', error: 'Failed to load overlays.' }} />
      {data && (
        <ul className="go-live__overlays">
          {OVERLAY_KINDS.map((kind) => (
            <li key={kind}>
              <span>{OVERLAY_LABELS[kind].name}</span>
              <span className={byKind.get(kind)?.active ? 'go-live__on' : 'field-hint'}>
                {byKind.get(kind)?.active ? 'URL active' : 'No URL'}
              </span>
            </li>
          ))}
        </ul>
      )}
      {isAdmin && (
        <Link to="/overlays" className="button button--ghost">
          Overlay URLs and previews
        </Link>
      )}
    </section>
  );
}
