import type { PollView } from '@kickback/contracts';
import { pollOpenSchema, type PollOpen } from '@kickback/contracts/api/polls';
import { pollTakesVotes } from '@kickback/contracts/poll-results';
import { PollResults } from '../../components/ui/poll-results';
import { usePassed } from '../../lib/use-passed';
import { RecordStatus } from './go-live-record-status';
import { useAdminAction, useAdminSubmit } from '../kit/use-admin-crud';
import { useCancelPollMutation, useClosePollMutation, useGetLivePollQuery, useOpenPollMutation } from './admin-go-live-polls-api';
import { SmallButton } from '../kit/rows';
import { useContractForm } from '../kit/contract-form';
import type { FormLayout } from '../kit/form-layout';
import { linesField } from '../kit/list-fields';
import { useConfirmation } from '../kit/use-confirmation';

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
  const [cancel] = useCancelPollMutation();
  const act = useAdminAction();
  const confirmation = useConfirmation();
  return (
    <div className="go-live__contest-actions">
      <SmallButton
        tone="primary"
        disabled={closing.isLoading}
        onClick={() => void act(() => close(poll.id).unwrap(), 'Poll closed.', 'Failed to close the poll')}
      >
        Close poll
      </SmallButton>
      <SmallButton
        tone="danger"
        onClick={() =>
          confirmation.ask({
            title: 'Cancel the poll?',
            message: 'It leaves the site and the overlay; its votes are not shown again.',
            confirmLabel: 'Cancel poll',
            run: () => act(() => cancel(poll.id).unwrap(), 'Poll cancelled.', 'Failed to cancel the poll'),
          })
        }
      >
        Cancel poll
      </SmallButton>
      {confirmation.dialog}
    </div>
  );
}

/** The question, one option a line (2 to 10), who votes, and an optional timer; empty timer: close by hand. */
const OPEN_POLL: FormLayout = [
  'question',
  linesField({ name: 'options', label: 'Options (one a line, 2 to 10)', rows: 3 }),
  {
    name: 'audience',
    label: 'Who votes',
    options: {
      members: 'Members only (site members, here or in chat)',
      kick: 'Everyone with a Kick login (also chatters without a site account)',
    },
  },
  { name: 'window_seconds', label: 'Close after (seconds, empty: close by hand)', type: 'number' },
];

function OpenPoll() {
  const [open, state] = useOpenPollMutation();
  const { serverErrors, submit } = useAdminSubmit();
  const form = useContractForm({ schema: pollOpenSchema, layout: OPEN_POLL, initial: null, serverErrors });
  // Once open, the poll's controls take this form's place; the next question starts from an empty one.
  const send = (input: PollOpen) => void submit(() => open(input).unwrap(), 'Poll open.', 'Failed to open the poll');
  return (
    <form className="go-live__template" aria-label="Open a poll" onSubmit={form.onSubmit(send)} noValidate>
      <h3 className="go-live__subtitle">Ask a question</h3>
      {form.fields}
      <button type="submit" className="button button--primary button--small" disabled={state.isLoading}>
        Open poll
      </button>
    </form>
  );
}
