import { useState, type FormEvent } from 'react';
import type { ContestView } from '@kickback/contracts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { formatCount, formatNumber } from '../../lib/format';
import { RecordStatus } from './go-live-record-status';
import { useAdminAction } from '../kit/use-admin-crud';
import {
  useCancelContestMutation,
  useCloseContestMutation,
  useGetContestTemplatesQuery,
  useGetLiveContestQuery,
  useOpenContestMutation,
  useResolveContestMutation,
} from './admin-go-live-contests-api';

const unsettled = (contest: ContestView | null | undefined): contest is ContestView =>
  !!contest && (contest.status === 'open' || contest.status === 'closed');

/** Go live's contest: the pools as they grow, and close, resolve or cancel; or open the next one from a template. */
export function ContestPanel() {
  const contest = useGetLiveContestQuery();
  return (
    <section className="card go-live__panel" aria-labelledby="go-live-contest" data-testid="go-live-contest">
      <h2 id="go-live-contest">Contest</h2>
      <RecordStatus query={contest} noun="contest" emptyText="No contest yet." />
      {contest.data && <ContestPools contest={contest.data} />}
      {unsettled(contest.data) ? <ContestControls contest={contest.data} /> : !contest.isLoading && <OpenContest />}
    </section>
  );
}

const STATUS_WORDS: Record<ContestView['status'], string> = {
  open: 'Taking stakes',
  closed: 'Stakes closed: choose the winner',
  resolved: 'Resolved',
  cancelled: 'Cancelled, stakes refunded',
  refunded: 'Refunded (not resolved within 24 hours)',
};

function ContestPools({ contest }: { contest: ContestView }) {
  return (
    <>
      <p>
        <strong>{contest.question}</strong> — {STATUS_WORDS[contest.status]}; {formatNumber(contest.pool)} points from{' '}
        {formatCount(contest.members, 'member')}.
      </p>
      <ul className="go-live__contest-options">
        {contest.options.map((o) => (
          <li key={o.index} data-testid={`go-live-contest-option-${o.index}`}>
            {o.label}: {formatNumber(o.pool)} points, {formatCount(o.members, 'member')}
            {o.ratio !== null && `, pays ${o.ratio}×`}
            {contest.winning_option === o.index && ' — winner'}
          </li>
        ))}
      </ul>
    </>
  );
}

type Pending = { kind: 'resolve'; option: number } | { kind: 'cancel' } | null;

function ContestControls({ contest }: { contest: ContestView }) {
  const [close, closing] = useCloseContestMutation();
  const [resolve, resolving] = useResolveContestMutation();
  const [cancel, cancelling] = useCancelContestMutation();
  const act = useAdminAction();
  const [pending, setPending] = useState<Pending>(null);
  const confirm = async () => {
    if (!pending) return;
    if (pending.kind === 'cancel')
      await act(() => cancel(contest.id).unwrap(), 'Contest cancelled; every stake refunded.', 'Failed to cancel');
    else
      await act(() => resolve({ id: contest.id, option: pending.option }).unwrap(), 'Contest resolved; winners paid.', 'Failed to resolve');
    setPending(null);
  };
  return (
    <div className="go-live__contest-actions">
      {contest.status === 'open' && (
        <button
          type="button"
          className="button button--small"
          disabled={closing.isLoading}
          onClick={() => void act(() => close(contest.id).unwrap(), 'Stakes closed.', 'Failed to close')}
        >
          Close stakes
        </button>
      )}
      {contest.options.map((o) => (
        <button
          key={o.index}
          type="button"
          className="button button--primary button--small"
          onClick={() => setPending({ kind: 'resolve', option: o.index })}
        >
          {o.label} won
        </button>
      ))}
      <button type="button" className="button button--danger button--small" onClick={() => setPending({ kind: 'cancel' })}>
        Cancel and refund
      </button>
      {pending && (
        <ConfirmDialog
          title={
            pending.kind === 'cancel' ? 'Cancel the contest and refund every stake?' : `${contest.options[pending.option]!.label} won?`
          }
          message={
            pending.kind === 'cancel'
              ? 'Every member gets their stake back.'
              : 'Its stakers share the whole pool; this cannot be undone. If you staked, another admin must resolve it.'
          }
          confirmLabel={pending.kind === 'cancel' ? 'Cancel contest' : 'Resolve'}
          busy={resolving.isLoading || cancelling.isLoading}
          onConfirm={() => void confirm()}
          onCancel={() => setPending(null)}
        />
      )}
    </div>
  );
}

function OpenContest() {
  const templates = useGetContestTemplatesQuery();
  const [open, state] = useOpenContestMutation();
  const act = useAdminAction();
  const [templateId, setTemplateId] = useState('');
  const list = templates.data ?? [];
  if (!list.length)
    return <p className="field-hint">Save a contest template (Contest Templates) to open contests from here in one click.</p>;
  const chosen = list.find((t) => String(t.id) === templateId) ?? list[0]!;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await act(() => open({ template_id: chosen.id }).unwrap(), 'Contest open.', 'Failed to open the contest');
  };
  const s = chosen;
  return (
    <form className="go-live__template" aria-label="Open a contest from a template" onSubmit={(e) => void submit(e)}>
      <h3 className="go-live__subtitle">Open a contest</h3>
      <label className="field">
        <span>Template</span>
        <select className="input" value={String(chosen.id)} onChange={(e) => setTemplateId(e.target.value)}>
          {list.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
      </label>
      <p className="field-hint" data-testid="go-live-contest-summary">
        {s.question} ({s.options.join(' / ')}); stakes {formatNumber(s.min_stake)}–{formatNumber(s.max_stake)} points,{' '}
        {s.window_seconds === null ? 'closed by hand' : `closing after ${formatCount(s.window_seconds, 'second')}`}.
      </p>
      <button type="submit" className="button button--primary button--small" disabled={state.isLoading}>
        Open contest
      </button>
    </form>
  );
}
