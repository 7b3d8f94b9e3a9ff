import { useState, type FormEvent } from 'react';
import { adminPointsAdjustSchema } from '@kickback/contracts';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useAdjustUserPointsMutation, useGetAdminUserLedgerQuery } from './admin-economy-api';
import { Pager } from '../../components/ui/pager';
import { DataTable } from '../../components/ui/data-table';
import { TextField } from '../../components/ui/text-field';
import { useAdminSubmit } from '../kit/use-admin-crud';
import { useContractValidation } from '../kit/use-contract-validation';
import { ContractTextField } from '../kit/contract-fields';
import './user-points-panel.css';
import { SmallButton } from '../kit/rows';
import { SubmitButton } from '../kit/submit-button';

/** One member's ledger plus the grant/deduct form, checked by the contract; every change is audited on the server. */
export function UserPointsPanel({ user, onClose }: { user: { id: number; username: string; points?: number }; onClose?: () => void }) {
  const [page, setPage] = useState(1);
  const { data, isLoading, isError } = useGetAdminUserLedgerQuery({ userId: user.id, page });
  const [adjust, adjustState] = useAdjustUserPointsMutation();
  const [delta, setDelta] = useState('');
  const [note, setNote] = useState('');
  // Text that is no number at all gets its own word; a number goes to the contract (whole, not zero, not too large).
  const [notANumber, setNotANumber] = useState(false);
  const { serverErrors, submit } = useAdminSubmit();
  const { errors, validate } = useContractValidation(adminPointsAdjustSchema, serverErrors);

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    const amount = delta.trim() === '' ? NaN : Number(delta);
    setNotANumber(Number.isNaN(amount));
    const input = Number.isNaN(amount) ? null : validate({ delta: amount, note });
    if (!input) return;
    const done = await submit(
      () => adjust({ userId: user.id, ...input }).unwrap(),
      (result) => result.message || 'Points updated',
      'Failed to adjust points',
    );
    if (done) {
      setDelta('');
      setNote('');
    }
  };

  return (
    <section className="card admin-fieldset" aria-label={`Points of ${user.username}`}>
      <header className="admin-page__header">
        <h2>
          {user.username}: {data ? formatNumber(data.balance) : user.points !== undefined ? formatNumber(user.points) : '…'} points
        </h2>
        {onClose && <SmallButton onClick={onClose}>Close</SmallButton>}
      </header>
      <form onSubmit={(e) => void apply(e)} noValidate>
        <TextField
          label="Points (+ grant, − deduct)"
          value={delta}
          onChange={setDelta}
          error={notANumber ? 'Enter a whole number of points, negative to deduct.' : errors.delta}
          required
        />
        <ContractTextField
          schema={adminPointsAdjustSchema}
          name="note"
          label="Reason"
          value={note}
          onChange={setNote}
          error={notANumber ? undefined : errors.note}
        />
        <SubmitButton busy={adjustState.isLoading} busyText="Saving...">
          Apply
        </SubmitButton>
      </form>
      <h3 className="user-points-panel__ledger">Ledger</h3>
      {isLoading && <p role="status">Loading ledger...</p>}
      {isError && <p role="alert">Failed to load the ledger.</p>}
      {data && data.entries.length === 0 && <p className="field-hint">No points activity yet.</p>}
      {data && data.entries.length > 0 && (
        <DataTable caption="Points ledger, newest first" columns={['When', 'Change', 'Reason', 'Reference / note']} card={false}>
          {data.entries.map((entry) => (
            <tr key={entry.id}>
              <td>{formatDateTime(entry.created_at)}</td>
              <td>
                {entry.delta > 0 ? '+' : '−'}
                {formatNumber(Math.abs(entry.delta))}
              </td>
              <td>
                <code>{entry.reason}</code>
              </td>
              <td>{[entry.reference, entry.note].filter(Boolean).join(' · ') || '—'}</td>
            </tr>
          ))}
        </DataTable>
      )}
      {data && <Pager label="Ledger pages" page={page} lastPage={data.pagination.last_page} onPage={setPage} />}
    </section>
  );
}
