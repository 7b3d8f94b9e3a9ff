import { useEffect, useState } from 'react';
import type { AdminRedemption, AdminRedemptionsQuery } from '@kickback/contracts';
import { formatNumber, formatRelativeTime, formatDateTime } from '../../lib/format';
import { onServerEvent } from '../../lib/socket';
import { useToast } from '../../lib/use-toast';
import { useGetAdminRedemptionsQuery, useProcessRedemptionMutation, useRefundRedemptionMutation } from './admin-store-api';
import { PageHeader } from '../../components/ui/page-header';
import { Pager } from '../../components/ui/pager';
import { QueryStatus } from '../../components/ui/query-status';
import { DataTable } from '../../components/ui/data-table';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { SelectField } from '../../components/ui/select-field';
import { useAdminAction } from '../kit/use-admin-crud';

const FILTERS: { value: AdminRedemptionsQuery['status']; label: string }[] = [
  { value: 'all', label: 'All (pending first)' },
  { value: 'pending', label: 'Pending' },
  { value: 'processed', label: 'Processed' },
  { value: 'refunded', label: 'Refunded' },
];

const STATUS_LABEL: Record<AdminRedemption['status'], string> = { pending: 'Pending', processed: 'Processed', refunded: 'Refunded' };

/** The fulfilment queue: pending redemptions first, oldest first; updates live from the admin room. */
export default function StoreRedemptionsPage() {
  const [status, setStatus] = useState<AdminRedemptionsQuery['status']>('all');
  const [page, setPage] = useState(1);
  const { data, isLoading, isError } = useGetAdminRedemptionsQuery({ status, page });
  const [process, processState] = useProcessRedemptionMutation();
  const [refund, refundState] = useRefundRedemptionMutation();
  const [refunding, setRefunding] = useState<AdminRedemption | null>(null);
  const toast = useToast();

  // The queue refetches itself (store-admin-api); a new pending one also gets a toast so it is not missed.
  useEffect(
    () =>
      onServerEvent('store:admin-redemption', (push) => {
        if (push.status === 'pending') toast.info(`New redemption #${push.id}: ${push.item_name} for ${push.username}`);
      }),
    [toast],
  );

  const act = useAdminAction();
  const markProcessed = (r: AdminRedemption) =>
    act(() => process(r.id).unwrap(), `Redemption #${r.id} marked as processed`, 'Failed to process redemption');

  const confirmRefund = async () => {
    if (!refunding) return;
    const { id, cost, user } = refunding;
    await act(() => refund(id).unwrap(), `Refunded ${formatNumber(cost)} points to ${user.username}`, 'Failed to refund redemption');
    setRefunding(null);
  };

  return (
    <div className="admin-page">
      <PageHeader title="Redemptions">{data && <p className="field-hint">{formatNumber(data.pending_total)} pending</p>}</PageHeader>
      <SelectField
        id="redemption-status"
        label="Show"
        style={{ maxWidth: '18rem' }}
        value={status}
        onChange={(v) => {
          setStatus(v as AdminRedemptionsQuery['status']);
          setPage(1);
        }}
      >
        {FILTERS.map((f) => (
          <option key={f.value} value={f.value}>
            {f.label}
          </option>
        ))}
      </SelectField>
      <QueryStatus
        isLoading={isLoading}
        isError={isError}
        isEmpty={data?.data.length === 0}
        loadingText="Loading redemptions..."
        errorText="Failed to load redemptions."
        emptyText="No redemptions here."
      />
      {data && data.data.length > 0 && (
        <DataTable caption="Redemptions, pending first" columns={['#', 'Member', 'Item', 'Cost', 'When', 'Status']} actions>
          {data.data.map((r) => (
            <tr key={r.id} data-testid={`admin-redemption-${r.id}`}>
              <td>{r.id}</td>
              <th scope="row">
                {r.user.username}
                {r.user.kick_username && <div className="field-hint">Kick: {r.user.kick_username}</div>}
              </th>
              <td>
                {r.item.name}
                <div className="field-hint">{r.item.fulfilment === 'code' ? 'Code delivery' : 'Manual delivery'}</div>
                {r.code && <code>{r.code}</code>}
              </td>
              <td>{formatNumber(r.cost)}</td>
              <td>
                <time dateTime={r.created_at} title={formatDateTime(r.created_at)}>
                  {formatRelativeTime(r.created_at)}
                </time>
              </td>
              <td>
                {STATUS_LABEL[r.status]}
                {r.processed_by && <div className="field-hint">by {r.processed_by}</div>}
              </td>
              <td>
                {r.status === 'pending' && (
                  <div className="admin-row-actions">
                    <button
                      type="button"
                      className="button button--primary button--small"
                      disabled={processState.isLoading}
                      aria-label={`Mark redemption ${r.id} processed`}
                      onClick={() => void markProcessed(r)}
                    >
                      Mark Processed
                    </button>
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      aria-label={`Refund redemption ${r.id}`}
                      onClick={() => setRefunding(r)}
                    >
                      Refund
                    </button>
                  </div>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {data && <Pager label="Redemption pages" page={page} lastPage={data.pagination.last_page} onPage={setPage} />}
      {refunding && (
        <ConfirmDialog
          title="Refund redemption?"
          message={`${formatNumber(refunding.cost)} points go back to ${refunding.user.username} and ${refunding.item.name} goes back in stock.`}
          confirmLabel="Refund"
          busy={refundState.isLoading}
          onConfirm={() => void confirmRefund()}
          onCancel={() => setRefunding(null)}
        />
      )}
    </div>
  );
}
