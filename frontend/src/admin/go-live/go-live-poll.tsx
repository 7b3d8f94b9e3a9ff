import { useState, type FormEvent } from 'react';
import type { PollAudience, PollView } from '@kickback/contracts';
import { pollOpenSchema } from '@kickback/contracts/api/polls';
import { pollTakesVotes } from '@kickback/contracts/poll-results';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { PollResults } from '../../components/ui/poll-results';
import { usePassed } from '../../lib/use-passed';
import { RecordStatus } from './go-live-record-status';
import { useAdminAction, useAdminSubmit } from '../kit/use-admin-crud';
import { useCancelPollMutation, useClosePollMutation, useGetLivePollQuery, useOpenPollMutation } from './admin-go-live-polls-api';
import { SmallButton } from '../kit/rows';
import { contractFieldFacts } from '../kit/schema-fields';

const QUESTION_LIMIT = contractFieldFacts(pollOpenSchema, 'question').maxLength;

const STATUS_WORDS: Record<PollView['status'], string> = {
  open: 'Voting open',
  closed: 'Voting closed',
  cancelled: 'Cancelled',
};

/** Go live's poll: the counts as votes come in, close or cancel; or ask the next question. */
export function PollPanel() {
  const poll = useGetLivePollQuery();
  // A poll whose timer ran out is closed: the form to ask the next question shows at that moment.
  const timedOut = usePassed(poll.data?.closes_at ?? null);
  const running = poll.data && poll.data.status === 'open' && !timedOut ? poll.data : null;
  return (
    <section className="card go-live__panel" aria-labelledby="go-live-poll" data-testid="go-live-poll">
      <h2 id="go-live-poll">Poll</h2>
      <RecordStatus query={poll} noun="poll" emptyText="No poll yet." />
      {poll.data && <PollCounts poll={poll.data} />}
      {running ? <PollControls poll={running} /> : !poll.isLoading && !poll.isError && <OpenPoll />}
    </section>
  );
}

function PollCounts({ poll }: { poll: PollView }) {
  const status = pollTakesVotes(poll) ? 'open' : poll.status === 'open' ? 'closed' : poll.status;
  return (
    <>
      <p data-testid="go-live-poll-status">
        <strong>{poll.question}</strong> — {STATUS_WORDS[status]}; {poll.total} {poll.total === 1 ? 'vote' : 'votes'}.
      </p>
      {poll.status !== 'cancelled' && <PollResults poll={poll} testId="go-live-poll" />}
    </>
  );
}

function PollControls({ poll }: { poll: PollView }) {
  const [close, closing] = useClosePollMutation();
  const [cancel, cancelling] = useCancelPollMutation();
  const act = useAdminAction();
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="go-live__contest-actions">
      <SmallButton
        tone="primary"
        disabled={closing.isLoading}
        onClick={() => void act(() => close(poll.id).unwrap(), 'Poll closed.', 'Failed to close the poll')}
      >
        Close poll
      </SmallButton>
      <SmallButton tone="danger" onClick={() => setConfirming(true)}>
        Cancel poll
      </SmallButton>
      {confirming && (
        <ConfirmDialog
          title="Cancel the poll?"
          message="It leaves the site and the overlay; its votes are not shown again."
          confirmLabel="Cancel poll"
          busy={cancelling.isLoading}
          onConfirm={() =>
            void act(() => cancel(poll.id).unwrap(), 'Poll cancelled.', 'Failed to cancel the poll').then(() => setConfirming(false))
          }
          onCancel={() => setConfirming(false)}
        />
      )}
    </div>
  );
}

/** The question, one option a line (2 to 10), who votes, and an optional timer; empty timer: close by hand. */
function OpenPoll() {
  const [open, state] = useOpenPollMutation();
  const { serverErrors, submit } = useAdminSubmit();
  const [question, setQuestion] = useState('');
  const [options, setOptions] = useState('');
  const [audience, setAudience] = useState<PollAudience>('members');
  const [seconds, setSeconds] = useState('');
  const send = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      question,
      options: options
        .split('\n')
        .map((o) => o.trim())
        .filter(Boolean),
      audience,
      window_seconds: seconds.trim() === '' ? null : Number(seconds),
    };
    const done = await submit(() => open(body).unwrap(), 'Poll open.', 'Failed to open the poll');
    if (done) {
      setQuestion('');
      setOptions('');
    }
  };
  const error = (field: string) => serverErrors[field] && <span className="field-error">{serverErrors[field]}</span>;
  return (
    <form className="go-live__template" aria-label="Open a poll" onSubmit={(e) => void send(e)}>
      <h3 className="go-live__subtitle">Ask a question</h3>
      <label className="field">
        <span>Question</span>
        <input className="input" value={question} maxLength={QUESTION_LIMIT} onChange={(e) => setQuestion(e.target.value)} />
        {error('question')}
      </label>
      <label className="field">
        <span>Options (one a line, 2 to 10)</span>
        <textarea className="input" rows={3} value={options} onChange={(e) => setOptions(e.target.value)} />
        {error('options')}
      </label>
      <label className="field">
        <span>Who votes</span>
        <select className="input" value={audience} onChange={(e) => setAudience(e.target.value as PollAudience)}>
          <option value="members">Members only (site members, here or in chat)</option>
          <option value="kick">Everyone with a Kick login (also chatters without a site account)</option>
        </select>
        {error('audience')}
      </label>
      <label className="field">
        <span>Close after (seconds, empty: close by hand)</span>
        <input className="input" type="number" min={10} max={86400} value={seconds} onChange={(e) => setSeconds(e.target.value)} />
        {error('window_seconds')}
      </label>
      <button type="submit" className="button button--primary button--small" disabled={state.isLoading}>
        Open poll
      </button>
    </form>
  );
}
