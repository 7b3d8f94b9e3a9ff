import { useState } from 'react';
import {
  PAYOUT_SOURCES,
  PAYOUT_SOURCE_LABELS,
  PAYOUT_STATUSES,
  PAYOUT_STATUS_LABELS,
  PAYOUT_TRANSITIONS,
  type AdminPayout,
  type AdminPayoutList,
  type AdminPayoutsQuery,
  type PayoutStatus,
} from '@kickback/contracts';
import { errorMessage } from '../../lib/api-error';
import { formatDateTime, formatNumber, formatRelativeTime } from '../../lib/format';
import { useToast } from '../../lib/use-toast';
import { QueueScreen } from '../kit/queue-page';
import { type QueueResource, listTexts } from '../kit/resource';
import { useAdminAction } from '../kit/use-admin-crud';
import { useListParams } from '../../lib/use-list-params';
import { payoutsQueryString, useBulkApprovePayoutsMutation, useGetAdminPayoutsQuery, useMovePayoutMutation } from './admin-payouts-api';
import { PayoutMoveDialog, type DetailedMove } from './payout-move-dialog';
import { PayoutSettingsPanel } from './payout-settings-panel';
import './payouts-queue-page.css';
import { optionsOf } from '../kit/filter-bar';
import { SmallButton } from '../kit/rows';

type Filters = Omit<AdminPayoutsQuery, 'page'>;
const DEFAULTS: Filters = { status: 'open', source: 'all', age: 'all' };

/** The label of each button that moves a payout to a status. */
const MOVE_LABEL: Record<PayoutStatus, string> = {
  waiting_approval: 'Back to waiting',
  approved: 'Approve',
  processing: 'Mark processing',
  paid: 'Mark paid',
  failed: 'Mark failed',
  cancelled: 'Cancel',
};
const DETAILED = new Set<PayoutStatus>(['paid', 'failed', 'cancelled']);

/** The moves a row offers: a payout failed for good can only be cancelled. */
const movesOf = (p: AdminPayout): PayoutStatus[] =>
  PAYOUT_TRANSITIONS[p.status].filter((to) => p.status !== 'failed' || p.retryable || to === 'cancelled');

function usePayoutActions() {
  const [move, state] = useMovePayoutMutation();
  const act = useAdminAction();
  const [dialog, setDialog] = useState<{ payout: AdminPayout; to: DetailedMove } | null>(null);
  return (p: AdminPayout) => (
    <div className="admin-row-actions">
      {movesOf(p).map((to) => (
        <SmallButton
          key={to}
          tone={to === 'approved' || to === 'paid' ? 'primary' : 'ghost'}
          disabled={state.isLoading}
          label={`${MOVE_LABEL[to]}: payout ${p.id}`}
          onClick={() =>
            DETAILED.has(to)
              ? setDialog({ payout: p, to: to as DetailedMove })
              : void act(
                  () => move({ id: p.id, move: { from: p.status, to } }).unwrap(),
                  `Payout #${p.id} is now ${PAYOUT_STATUS_LABELS[to]}.`,
                  'Failed to update the payout',
                )
          }
        >
          {MOVE_LABEL[to]}
        </SmallButton>
      ))}
      {dialog?.payout.id === p.id && <PayoutMoveDialog payout={dialog.payout} to={dialog.to} onClose={() => setDialog(null)} />}
    </div>
  );
}

/** The values each filter takes from the URL; anything else falls back to its default. */
const ALLOWED = {
  status: ['all', 'open', ...PAYOUT_STATUSES],
  source: ['all', ...PAYOUT_SOURCES],
  age: ['all', 'overdue', 'day', 'week', 'month'],
} as const;

/** The queue's filters as the URL holds them (read as the list reads them), for the export link and bulk approval. */
function useQueueFilters(): Filters & { page: number } {
  const { filters, page } = useListParams(DEFAULTS, ALLOWED);
  return { ...filters, page };
}

/** Above the list: bulk approval of this page's waiting payouts, the CSV export with these filters, the settings. */
function QueueTools() {
  const filters = useQueueFilters();
  const { data } = useGetAdminPayoutsQuery(filters);
  const [approve, approving] = useBulkApprovePayoutsMutation();
  const toast = useToast();
  const waiting = (data?.data ?? []).filter((p) => p.status === 'waiting_approval').map((p) => p.id);
  const { page: _page, ...exported } = filters;
  return (
    <div className="payouts-queue__tools">
      <button
        type="button"
        className="button button--primary"
        disabled={waiting.length === 0 || approving.isLoading}
        onClick={() =>
          void approve(waiting)
            .unwrap()
            .then((answer) => toast.success(answer.message ?? 'Payouts approved.'))
            .catch((error: unknown) => toast.error(errorMessage(error, 'Failed to approve the payouts')))
        }
      >
        Approve {formatNumber(waiting.length)} waiting on this page
      </button>
      <a className="button button--ghost" href={`/api/admin/payouts/export.csv?${payoutsQueryString(exported)}`} download>
        Export CSV
      </a>
      <PayoutSettingsPanel />
    </div>
  );
}

const payoutsQueue: QueueResource<AdminPayout, Filters, AdminPayoutList> = {
  title: 'Payouts',
  header: (page) =>
    page && (
      <p className={page.overdue_total ? 'field-error' : 'field-hint'} data-testid="payouts-overdue">
        {formatNumber(page.overdue_total)} overdue (waiting longer than {formatNumber(page.promise_hours)} hours in one status)
      </p>
    ),
  filters: {
    defaults: DEFAULTS,
    declarations: [
      {
        name: 'status',
        label: 'Status',
        id: 'payout-status',
        options: [
          { value: 'open', label: 'Not finished' },
          { value: 'all', label: 'All' },
          ...PAYOUT_STATUSES.map((s) => ({ value: s, label: PAYOUT_STATUS_LABELS[s] })),
        ],
      },
      {
        name: 'source',
        label: 'Source',
        id: 'payout-source',
        options: [{ value: 'all', label: 'All' }, ...PAYOUT_SOURCES.map((s) => ({ value: s, label: PAYOUT_SOURCE_LABELS[s] }))],
      },
      {
        name: 'age',
        label: 'In this status',
        id: 'payout-age',
        options: optionsOf({
          all: 'Any time',
          overdue: 'Longer than promised',
          day: 'Over a day',
          week: 'Over a week',
          month: 'Over 30 days',
        }),
      },
    ],
  },
  useList: (query) => useGetAdminPayoutsQuery(query),
  texts: listTexts('payouts', 'No payouts here.', 'Payouts, longest in their status first'),
  pagerLabel: 'Payout pages',
  columns: [
    {
      header: 'Prize',
      rowHeader: true,
      cell: (p) => (
        <>
          <strong>
            #{p.id} {p.prize}
          </strong>
          <div className="field-hint">
            {PAYOUT_SOURCE_LABELS[p.source]} #{p.place}: <a href={p.subject.path}>{p.subject.title}</a>
          </div>
        </>
      ),
    },
    {
      header: 'Recipient',
      cell: (p) => (
        <>
          {p.recipient.name}
          <div className="field-hint">
            {p.recipient.user ? `Member: ${p.recipient.user.username}` : 'Casino username, no member linked'}
          </div>
        </>
      ),
    },
    {
      header: 'Status',
      cell: (p) => (
        <>
          <span data-testid={`payout-status-${p.id}`}>{PAYOUT_STATUS_LABELS[p.status]}</span>
          {p.overdue && <div className="field-error">Overdue</div>}
          {p.reason && <div className="field-hint">{p.reason}</div>}
          <div className="field-hint">
            <time dateTime={p.status_changed_at} title={formatDateTime(p.status_changed_at)}>
              {formatRelativeTime(p.status_changed_at)}
            </time>
            {p.changed_by && ` by ${p.changed_by.username}`}
          </div>
          {p.claim_deadline && <div className="field-hint">Claim by {formatDateTime(p.claim_deadline)}</div>}
        </>
      ),
    },
    {
      header: 'Proof',
      cell: (p) => (
        <>
          {p.proof.reference && <code className="payouts-queue__reference">{p.proof.reference}</code>}
          {p.proof.url && <ProofLink href={p.proof.url} rel="noopener noreferrer nofollow" text="Link" />}
          {p.proof.image && <ProofLink href={p.proof.image} rel="noopener noreferrer" text="Screenshot" />}
        </>
      ),
    },
  ],
  rowProps: (p) => ({ 'data-testid': `payout-row-${p.id}`, className: p.overdue ? 'payouts-queue__overdue' : undefined }),
  useRowActions: usePayoutActions,
  aboveList: <QueueTools />,
};

/** Admin → Payouts: every prize to pay, worked as a queue. */
export default function PayoutsQueuePage() {
  return <QueueScreen resource={payoutsQueue} />;
}

/** A payout's proof opened in a new tab; the link the admin typed is not vouched for (nofollow), the uploaded screenshot is. */
function ProofLink({ href, rel, text }: { href: string; rel: string; text: string }) {
  return (
    <div>
      <a href={href} target="_blank" rel={rel}>
        {text}
      </a>
    </div>
  );
}
