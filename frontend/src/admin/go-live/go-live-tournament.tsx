import { useState, type FormEvent } from 'react';
import { contradictedPick, type AdminTournament, type TournamentMatch } from '@kickback/contracts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { formatMultiplier } from '../../lib/format';
import { useAdminAction } from '../kit/use-admin-crud';
import { useUpdateTournamentMatchMutation } from '../tournaments/admin-tournaments-api';
import {
  useChooseFeaturedTournamentMutation,
  useClearLiveMatchWinnerMutation,
  useGetActiveTournamentsQuery,
  useGetFeaturedQuery,
  useGetLiveTournamentQuery,
  useSetLiveMatchWinnerMutation,
} from './admin-go-live-api';
import { OthersOnStream } from './go-live-others';
import { SmallButton, QueryLines } from '../kit/rows';
import { BareInput } from '../kit/bare-input';

const matchLabel = (m: TournamentMatch) => `Round ${m.round} · match ${m.match_number}`;
const byOrder = (a: TournamentMatch, b: TournamentMatch) => a.round - b.round || a.match_number - b.match_number;
const nextMatchOf = (t: AdminTournament, m: TournamentMatch) =>
  t.matches.find((n) => n.round === m.round + 1 && n.match_number === Math.ceil(m.match_number / 2));
/** A decided match's winner can change (or be undone) while nothing was built on it; never the final (prizes paid). */
const changeable = (t: AdminTournament, m: TournamentMatch, lastRound: number) =>
  m.winner_name !== null && m.round !== lastRound && nextMatchOf(t, m)?.winner_name == null;

export function TournamentPanel() {
  const featured = useGetFeaturedQuery();
  const active = useGetActiveTournamentsQuery();
  const featuredId = featured.data?.tournament ?? null;
  const tournament = useGetLiveTournamentQuery(featuredId ?? 0, { skip: featuredId === null });
  const [choose, chooseState] = useChooseFeaturedTournamentMutation();
  const isLoading = featured.isLoading || tournament.isLoading;
  const isError = featured.isError || tournament.isError;
  const others = (active.data ?? []).filter((t) => t.id !== featuredId);
  return (
    <section className="card go-live__panel" aria-labelledby="go-live-tournament">
      <h2 id="go-live-tournament">Tournament on stream</h2>
      <QueryLines
        query={{ isLoading, isError }}
        nothing={featuredId === null}
        texts={{
          loading: 'Loading the tournament...',
          error: 'Failed to load the tournament.',
          empty: 'No tournament is active. Create one in Tournaments.',
        }}
      />
      {tournament.data && featuredId !== null && <Matches tournament={tournament.data} />}
      <OthersOnStream
        heading="Also active"
        label="Other active tournaments"
        kind="tournament"
        items={others}
        busy={chooseState.isLoading}
        choose={(id) => choose(id).unwrap()}
      />
    </section>
  );
}

function Matches({ tournament }: { tournament: AdminTournament }) {
  const [setWinner, state] = useSetLiveMatchWinnerMutation();
  const act = useAdminAction();
  const [deciding, setDeciding] = useState<{ match: TournamentMatch; winnerName: string } | null>(null);
  const [lastDecidedId, setLastDecidedId] = useState<number | null>(null);
  const lastRound = Math.max(...tournament.matches.map((m) => m.round));
  const decide = async (match: TournamentMatch, winnerName: string) => {
    // A pick the multipliers contradict is sent as an override: the dialog asked for exactly that.
    const override = contradictedPick(match, winnerName) !== null;
    const done = await act(
      () => setWinner({ id: tournament.id, matchId: match.id, winnerName, override }).unwrap(),
      match.round === lastRound ? `${winnerName} wins ${tournament.name}` : `${winnerName} advances`,
      'Failed to set the winner',
    );
    if (done) setLastDecidedId(match.id);
    setDeciding(null);
  };
  const against = deciding && contradictedPick(deciding.match, deciding.winnerName);
  const ordered = [...tournament.matches].sort(byOrder);
  const playable = ordered.filter((m) => !m.winner_name && m.slot1_name && m.slot2_name);
  const decided = ordered.filter((m) => m.winner_name);
  // The one Undo offers: the match decided last on this screen, else the latest decided match that can still be undone.
  const undoable = decided.filter((m) => changeable(tournament, m, lastRound));
  const lastDecided = undoable.find((m) => m.id === lastDecidedId) ?? undoable.at(-1) ?? null;
  return (
    <>
      <p className="go-live__title" data-testid="go-live-tournament-name">
        {tournament.name}
      </p>
      {tournament.winner && <p>Winner: {tournament.winner}</p>}
      {playable.length === 0 ? (
        <p className="admin-status">No match is waiting for a winner.</p>
      ) : (
        <ul className="go-live__matches">
          {playable.map((m) => (
            <li key={`${m.id}-${m.slot1_multiplier}-${m.slot2_multiplier}`} aria-label={`Round ${m.round}, match ${m.match_number}`}>
              <span className="field-hint">{matchLabel(m)}</span>
              <MatchMultipliers tournamentId={tournament.id} match={m} />
              {[m.slot1_name!, m.slot2_name!].map((name) => (
                <button
                  key={name}
                  type="button"
                  className="button button--ghost button--small"
                  disabled={state.isLoading}
                  onClick={() => setDeciding({ match: m, winnerName: name })}
                >
                  {name} wins
                </button>
              ))}
            </li>
          ))}
        </ul>
      )}
      {lastDecided && <UndoLastWinner tournamentId={tournament.id} match={lastDecided} onDone={() => setLastDecidedId(null)} />}
      {decided.length > 0 && (
        <details className="go-live__decided">
          <summary>Decided matches ({decided.length})</summary>
          <ul className="go-live__matches" aria-label="Decided matches">
            {decided.map((m) => (
              <DecidedMatch
                key={`${m.id}-${m.winner_name}`}
                match={m}
                canChange={changeable(tournament, m, lastRound)}
                busy={state.isLoading}
                onPick={(winnerName) => setDeciding({ match: m, winnerName })}
              />
            ))}
          </ul>
        </details>
      )}
      {deciding && (
        <ConfirmDialog
          title={against ? `${deciding.winnerName} has the lower multiplier` : `${deciding.winnerName} wins this match?`}
          message={`${
            against
              ? `${deciding.winnerName} scored ${formatMultiplier(against.winner)} against ${formatMultiplier(against.loser)}. Override only if the bracket's numbers are wrong; the overlay marks it as decided by the streamer. `
              : ''
          }${deciding.match.round === lastRound ? `${deciding.winnerName} wins ${tournament.name}` : `${deciding.winnerName} advances to round ${deciding.match.round + 1}`}, and predictions on round ${deciding.match.round}, match ${deciding.match.match_number} are scored.`}
          confirmLabel={against ? `Override: ${deciding.winnerName} wins` : `${deciding.winnerName} wins`}
          cancelLabel="Not yet"
          busy={state.isLoading}
          onConfirm={() => void decide(deciding.match, deciding.winnerName)}
          onCancel={() => setDeciding(null)}
        />
      )}
    </>
  );
}

/** Each slot's multiplier beside the match, saved together (the numbers the winner is checked against). */
function MatchMultipliers({ tournamentId, match }: { tournamentId: number; match: TournamentMatch }) {
  const [update, state] = useUpdateTournamentMatchMutation();
  const act = useAdminAction();
  const [first, setFirst] = useState(match.slot1_multiplier === null ? '' : String(match.slot1_multiplier));
  const [second, setSecond] = useState(match.slot2_multiplier === null ? '' : String(match.slot2_multiplier));
  const save = (e: FormEvent) => {
    e.preventDefault();
    void act(
      () =>
        update({
          id: tournamentId,
          matchId: match.id,
          changes: { slot1_multiplier: first.trim() || null, slot2_multiplier: second.trim() || null },
        }).unwrap(),
      `${matchLabel(match)}: multipliers saved`,
      'Failed to save the multipliers',
    );
  };
  return (
    <form className="go-live__multipliers" onSubmit={save}>
      <BareInput inputMode="decimal" placeholder="x" label={`${match.slot1_name} multiplier`} value={first} onChange={setFirst} />
      <BareInput inputMode="decimal" placeholder="x" label={`${match.slot2_name} multiplier`} value={second} onChange={setSecond} />
      <button type="submit" className="button button--ghost button--small" disabled={state.isLoading}>
        Save x
      </button>
    </form>
  );
}

function DecidedMatch({
  match,
  canChange,
  busy,
  onPick,
}: {
  match: TournamentMatch;
  canChange: boolean;
  busy: boolean;
  onPick: (winnerName: string) => void;
}) {
  const [changing, setChanging] = useState(false);
  const other = match.winner_name === match.slot1_name ? match.slot2_name : match.slot1_name;
  const multi = (v: number | null) => (v === null ? '—' : formatMultiplier(v));
  const overridden = contradictedPick(match, match.winner_name!) !== null;
  return (
    <li aria-label={`Round ${match.round}, match ${match.match_number}, decided`}>
      <span className="field-hint">{matchLabel(match)}</span>
      <span>
        <strong>{match.winner_name}</strong> won ({multi(match.slot1_multiplier)} vs {multi(match.slot2_multiplier)})
        {overridden && ' · decided by the streamer'}
      </span>
      {canChange &&
        other &&
        (changing ? (
          <SmallButton disabled={busy} onClick={() => onPick(other)}>
            {other} wins
          </SmallButton>
        ) : (
          <SmallButton onClick={() => setChanging(true)}>Change winner…</SmallButton>
        ))}
    </li>
  );
}

/** Takes back the last decided match (a winner clicked by mistake); the match is open again. */
function UndoLastWinner({ tournamentId, match, onDone }: { tournamentId: number; match: TournamentMatch; onDone: () => void }) {
  const [clear, state] = useClearLiveMatchWinnerMutation();
  const act = useAdminAction();
  const undo = async () => {
    const done = await act(
      () => clear({ id: tournamentId, matchId: match.id }).unwrap(),
      `${match.winner_name} no longer wins ${matchLabel(match)}; the match is undecided again.`,
      'Failed to undo the winner',
    );
    if (done) onDone();
  };
  return (
    <p className="go-live__undo" data-testid="go-live-last-match">
      Last decided: {matchLabel(match)}, {match.winner_name} won.{' '}
      <SmallButton disabled={state.isLoading} onClick={() => void undo()}>
        Undo
      </SmallButton>
    </p>
  );
}
