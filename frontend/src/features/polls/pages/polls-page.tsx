import type { PollPage, PollView } from '@kickback/contracts';
import { pollTakesVotes } from '@kickback/contracts/poll-results';
import { Countdown } from '../../../components/ui/countdown';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoginCta } from '../../../components/ui/login-cta';
import { PageHeading } from '../../../components/ui/page-heading';
import { PollResults } from '../../../components/ui/poll-results';
import { errorMessage } from '../../../lib/api-error';
import { usePassed } from '../../../lib/use-passed';
import { useCurrentUser } from '../../../lib/session';
import { useToast } from '../../../lib/use-toast';
import { useGetCurrentPollQuery, useVotePollMutation } from '../polls-api';

const STATUS_WORDS: Record<PollView['status'], string> = {
  open: 'Voting open',
  closed: 'Voting closed',
  cancelled: 'Cancelled by the streamer',
};

const AUDIENCE_WORDS: Record<PollView['audience'], string> = {
  members: 'Members vote here or with !vote in chat.',
  kick: 'Everyone with a Kick login votes: members here, anyone with !vote in chat.',
};

/** The streamer's poll: live counts and percents, and the member's one vote, which they may change until it closes. */
export default function PollsPage() {
  const { data, isLoading, isError } = useGetCurrentPollQuery();
  return (
    <div className="page">
      <PageHeading
        title="Polls"
        lead="Vote on the streamer's question: free, one vote each, and you may change it until the poll closes."
      />
      {isLoading && <p>Loading the poll...</p>}
      {isError && <p role="alert">Failed to load the poll.</p>}
      {data && !data.poll && <EmptyState title="No poll right now" text="The streamer opens one on stream; it shows here at once." />}
      {data?.poll && <Poll page={data} poll={data.poll} />}
    </div>
  );
}

function Poll({ page, poll }: { page: PollPage; poll: PollView }) {
  // Re-rendered when the timer runs out, so the buttons go at that moment.
  const timedOut = usePassed(poll.closes_at);
  const open = !timedOut && pollTakesVotes(poll);
  return (
    <section className="card" aria-labelledby="poll-question" data-testid="poll">
      <h2 id="poll-question">{poll.question}</h2>
      <p data-testid="poll-status">
        {open ? STATUS_WORDS.open : STATUS_WORDS[poll.status === 'open' ? 'closed' : poll.status]} — {poll.total}{' '}
        {poll.total === 1 ? 'vote' : 'votes'}.
      </p>
      {open && poll.closes_at && <Countdown endMs={new Date(poll.closes_at).getTime()} label="Voting closes in" />}
      {poll.status !== 'cancelled' && <PollResults poll={poll} mine={page.mine} testId="poll" />}
      {open && <VoteButtons page={page} poll={poll} />}
      <p className="field-hint">{AUDIENCE_WORDS[poll.audience]} Percents are rounded to whole numbers that add up to 100.</p>
    </section>
  );
}

function VoteButtons({ page, poll }: { page: PollPage; poll: PollView }) {
  const user = useCurrentUser();
  const toast = useToast();
  const [vote, state] = useVotePollMutation();
  if (!user) return <LoginCta className="button button--primary button--small" />;
  const choose = async (option: number) => {
    try {
      const result = await vote({ id: poll.id, option }).unwrap();
      toast.success(result.changed ? 'Vote changed.' : 'Vote counted.');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to vote'));
    }
  };
  return (
    <div className="poll-vote" role="group" aria-label="Vote">
      {poll.options.map((o) => (
        <button
          key={o.index}
          type="button"
          className={`button button--small${page.mine === o.index ? ' button--primary' : ''}`}
          aria-pressed={page.mine === o.index}
          disabled={state.isLoading}
          onClick={() => void choose(o.index)}
        >
          Vote {o.label}
        </button>
      ))}
    </div>
  );
}
