import { useState, type FormEvent } from 'react';
import type { ContestPage, ContestView } from '@kickback/contracts';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoginCta } from '../../../components/ui/login-cta';
import { PageHeading } from '../../../components/ui/page-heading';
import { errorMessage } from '../../../lib/api-error';
import { formatCount, formatNumber } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/session';
import { useToast } from '../../../lib/use-toast';
import { useGetCurrentContestQuery, useStakeContestMutation } from '../contests-api';

const STATUS_WORDS: Record<ContestView['status'], string> = {
  open: 'Taking stakes',
  closed: 'Stakes closed, waiting for the result',
  resolved: 'Resolved',
  cancelled: 'Cancelled: every stake was refunded',
  refunded: 'Not resolved in time: every stake was refunded',
};

/** The streamer's contest: the live pools and payout ratios, the member's own stake, and staking on one option. */
export default function ContestsPage() {
  const { data, isLoading, isError } = useGetCurrentContestQuery();
  return (
    <div className="page">
      <PageHeading title="Contests" lead="Stake points on the streamer's question; the winning side shares the whole pool." />
      {isLoading && <p>Loading the contest...</p>}
      {isError && <p role="alert">Failed to load the contest.</p>}
      {data && !data.contest && <EmptyState title="No contest right now" text="The streamer opens one on stream; it shows here at once." />}
      {data?.contest && <Contest page={data} contest={data.contest} />}
      {data && <p className="field-hint">{data.notice}</p>}
    </div>
  );
}

function Contest({ page, contest }: { page: ContestPage; contest: ContestView }) {
  return (
    <section className="card" aria-labelledby="contest-question" data-testid="contest">
      <h2 id="contest-question">{contest.question}</h2>
      <p data-testid="contest-status">
        {STATUS_WORDS[contest.status]} — {formatNumber(contest.pool)} points from {formatCount(contest.members, 'member')}.
      </p>
      <ul>
        {contest.options.map((o) => (
          <li key={o.index} data-testid={`contest-option-${o.index}`}>
            <strong>{o.label}</strong>: {formatNumber(o.pool)} points, {formatCount(o.members, 'member')}
            {o.ratio !== null && `, pays ${o.ratio}×`}
            {contest.winning_option === o.index && ' — winner'}
          </li>
        ))}
      </ul>
      {page.mine && (
        <p data-testid="contest-mine">
          Your stake: {formatNumber(page.mine.points)} points on {contest.options[page.mine.option]?.label}.
        </p>
      )}
      {page.balance !== null && <p data-testid="contest-balance">Your points: {formatNumber(page.balance)}</p>}
      {contest.status === 'open' && <StakeForm page={page} contest={contest} />}
    </section>
  );
}

function StakeForm({ page, contest }: { page: ContestPage; contest: ContestView }) {
  const user = useCurrentUser();
  const toast = useToast();
  const [stake, state] = useStakeContestMutation();
  const [option, setOption] = useState(String(page.mine?.option ?? 0));
  const [points, setPoints] = useState(String(contest.min_stake));
  if (!user) return <LoginCta className="button button--primary button--small" />;
  const chosen = page.mine ? page.mine.option : Number(option);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const result = await stake({ id: contest.id, option: chosen, points: Number(points) }).unwrap();
      toast.success(`Staked ${formatNumber(result.points)} points in total.`);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to stake'));
    }
  };
  return (
    <form aria-label="Stake points" onSubmit={(e) => void submit(e)}>
      <label className="field">
        <span>Option</span>
        {/* Once staked, a member may only add to that option. */}
        <select className="input" value={String(chosen)} disabled={!!page.mine} onChange={(e) => setOption(e.target.value)}>
          {contest.options.map((o) => (
            <option key={o.index} value={o.index}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>Points</span>
        <input className="input" type="number" min={1} max={contest.max_stake} value={points} onChange={(e) => setPoints(e.target.value)} />
      </label>
      <p className="field-hint">
        Stake {formatNumber(contest.min_stake)}–{formatNumber(contest.max_stake)} points in total.
      </p>
      <button type="submit" className="button button--primary" disabled={state.isLoading}>
        {page.mine ? 'Add to my stake' : 'Stake'}
      </button>
    </form>
  );
}
