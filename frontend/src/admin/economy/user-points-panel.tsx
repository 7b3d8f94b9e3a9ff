import { useState, type FormEvent } from 'react';
import { adminPointsAdjustSchema } from '@kickback/contracts';
import { errorMessage, fieldErrors } from '../../lib/api-error';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useToast } from '../../lib/use-toast';
import { useAdjustUserPointsMutation, useGetAdminUserLedgerQuery } from './admin-economy-api';
import { Pager } from '../../components/ui/pager';
import { DataTable } from '../../components/ui/data-table';
import { TextField } from '../../components/ui/text-field';
import './user-points-panel.css';

/** One member's ledger plus the grant/deduct form; every change is audited on the server. */
export function UserPointsPanel({ user, onClose }: { user: { id: number; username: string; points?: number }; onClose?: () => void }) {
  const [page, setPage] = useState(1);
  const { data, isLoading, isError } = useGetAdminUserLedgerQuery({ userId: user.id, page });
  const [adjust, adjustState] = useAdjustUserPointsMutation();
  const [delta, setDelta] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const toast = useToast();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const amount = Number(delta);
    if (!Number.isInteger(amount) || amount === 0) {
      setErrors({ delta: 'Enter a whole number of points, negative to deduct.' });
      return;
    }
    if (note.trim().length < 3) {
      setErrors({ note: 'Give a reason' });
      return;
    }
    try {
      const result = await adjust({ userId: user.id, delta: amount, note: note.trim() }).unwrap();
      toast.success(result.message || 'Points updated');
      setDelta('');
      setNote('');
      setErrors({});
    } catch (error) {
      setErrors(fieldErrors(error));
      toast.error(errorMessage(error, 'Failed to adjust points'));
    }
  };

  return (
    <section className="card admin-fieldset" aria-label={`Points of ${user.username}`}>
      <header className="admin-page__header">
        <h2>
          {user.username}: {data ? formatNumber(data.balance) : user.points !== undefined ? formatNumber(user.points) : '…'} points
        </h2>
        {onClose && (
          <button type="button" className="button button--ghost button--small" onClick={onClose}>
            Close
          </button>
        )}
      </header>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <TextField label="Points (+ grant, − deduct)" value={delta} onChange={setDelta} error={errors.delta} required />
        <TextField label="Reason" value={note} onChange={setNote} error={errors.note} required maxLength={adminPointsAdjustSchema.shape.note.maxLength ?? undefined} />
        <button type="submit" className="button button--primary" disabled={adjustState.isLoading}>
          {adjustState.isLoading ? 'Saving...' : 'Apply'}
        </button>
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
