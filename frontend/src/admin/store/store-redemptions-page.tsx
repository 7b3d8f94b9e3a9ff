import { useEffect } from 'react';
import type { AdminRedemption, AdminRedemptionsQuery } from '@kickback/contracts';
import { formatDateTime, formatNumber, formatRelativeTime } from '../../lib/format';
import { onServerEvent } from '../../lib/socket';
import { useToast } from '../../lib/use-toast';
import { QueueScreen } from '../kit/queue-page';
import { type QueueResource, type QueueRowKit, listTexts } from '../kit/resource';
import { useAdminAction } from '../kit/use-admin-crud';
import {
  useGetAdminRedemptionsQuery,
  useProcessRedemptionMutation,
  useRefundRedemptionMutation,
  type RedemptionsPage,
} from './admin-store-api';
import { optionsOf } from '../kit/filter-bar';
import { SmallButton } from '../kit/rows';

const STATUS_LABEL: Record<AdminRedemption['status'], string> = { pending: 'Pending', processed: 'Processed', refunded: 'Refunded' };

/** A pending redemption is marked processed at once, or refunded after the admin confirms. */
function useRedemptionActions({ confirm }: QueueRowKit<AdminRedemption>) {
  const [process, processState] = useProcessRedemptionMutation();
  const [refund] = useRefundRedemptionMutation();
  const act = useAdminAction();
  return (r: AdminRedemption) =>
    r.status === 'pending' && (
      <div className="admin-row-actions">
        <SmallButton
          tone="primary"
          disabled={processState.isLoading}
          label={`Mark redemption ${r.id} processed`}
          onClick={() => void act(() => process(r.id).unwrap(), `Redemption #${r.id} marked as processed`, 'Failed to process redemption')}
        >
          Mark Processed
        </SmallButton>
        <SmallButton
          label={`Refund redemption ${r.id}`}
          onClick={() =>
            confirm({
              title: 'Refund redemption?',
              message: `${formatNumber(r.cost)} points go back to ${r.user.username} and ${r.item.name} goes back in stock.`,
              confirmLabel: 'Refund',
              run: () =>
                act(
                  () => refund(r.id).unwrap(),
                  `Refunded ${formatNumber(r.cost)} points to ${r.user.username}`,
                  'Failed to refund redemption',
                ),
            })
          }
        >
          Refund
        </SmallButton>
      </div>
    );
}

/** The fulfilment queue: pending redemptions first, oldest first; updates live from the admin room. */
const redemptions: QueueResource<AdminRedemption, { status: AdminRedemptionsQuery['status'] }, RedemptionsPage> = {
  title: 'Redemptions',
  header: (page) => page && <p className="field-hint">{formatNumber(page.pending_total)} pending</p>,
  filters: {
    defaults: { status: 'all' },
    declarations: [
      {
        name: 'status',
        label: 'Show',
        id: 'redemption-status',
        options: optionsOf({ all: 'All (pending first)', pending: 'Pending', processed: 'Processed', refunded: 'Refunded' }),
      },
    ],
  },
  useList: (query) => useGetAdminRedemptionsQuery(query),
  texts: listTexts('redemptions', 'No redemptions here.', 'Redemptions, pending first'),
  pagerLabel: 'Redemption pages',
  columns: [
    { header: '#', cell: (r) => r.id },
    {
      header: 'Member',
      rowHeader: true,
      cell: (r) => (
        <>
          {r.user.username}
          {r.user.kick_username && <div className="field-hint">Kick: {r.user.kick_username}</div>}
        </>
      ),
    },
    {
      header: 'Item',
      cell: (r) => (
        <>
          {r.item.name}
          <div className="field-hint">{r.item.fulfilment === 'code' ? 'Code delivery' : 'Manual delivery'}</div>
          {r.code && <code>{r.code}</code>}
        </>
      ),
    },
    { header: 'Cost', cell: (r) => formatNumber(r.cost) },
    {
      header: 'When',
      cell: (r) => (
        <time dateTime={r.created_at} title={formatDateTime(r.created_at)}>
          {formatRelativeTime(r.created_at)}
        </time>
      ),
    },
    {
      header: 'Status',
      cell: (r) => (
        <>
          {STATUS_LABEL[r.status]}
          {r.processed_by && <div className="field-hint">by {r.processed_by}</div>}
        </>
      ),
    },
  ],
  rowProps: (r) => ({ 'data-testid': `admin-redemption-${r.id}` }),
  useRowActions: useRedemptionActions,
};

export default function StoreRedemptionsPage() {
  const toast = useToast();
  // The queue refetches itself (admin-store-api); a new pending one also gets a toast so it is not missed.
  useEffect(
    () =>
      onServerEvent('store:admin-redemption', (push) => {
        if (push.status === 'pending') toast.info(`New redemption #${push.id}: ${push.item_name} for ${push.username}`);
      }),
    [toast],
  );
  return <QueueScreen resource={redemptions} />;
}
