import { useState } from 'react';
import type { AdminXpLedger } from '@kickback/contracts';
import { formatDateTime, formatNumber } from '../../lib/format';
import { DataTable } from '../../components/ui/data-table';
import { Pager } from '../../components/ui/pager';
import { useGetUserXpQuery } from './admin-users-api';

function Totals({ ledger }: { ledger: AdminXpLedger }) {
  return (
    <p data-testid="user-xp-totals">
      {formatNumber(ledger.xp)} XP · Level {ledger.level} · Rank #{formatNumber(ledger.rank)}
    </p>
  );
}

/** The member's XP ledger, newest first: one row per award, keyed so a replayed event never awards twice. */
export function UserXpPanel({ userId }: { userId: number }) {
  const [page, setPage] = useState(1);
  const { data, isLoading, isError } = useGetUserXpQuery({ userId, page });
  return (
    <section className="card admin-fieldset" aria-labelledby="user-xp-title">
      <h2 id="user-xp-title">XP ledger</h2>
      {isLoading && <p role="status">Loading XP ledger...</p>}
      {isError && <p role="alert">Failed to load the XP ledger.</p>}
      {data && <Totals ledger={data} />}
      {data && data.achievements.length > 0 && (
        <p className="field-hint">Achievements: {data.achievements.map((a) => a.name).join(', ')}</p>
      )}
      {data && data.data.length === 0 && <p className="field-hint">No XP awarded yet.</p>}
      {data && data.data.length > 0 && (
        <DataTable caption="XP ledger, newest first" columns={['When', 'XP', 'Source', 'Key']} card={false}>
          {data.data.map((entry) => (
            <tr key={entry.id}>
              <td>{formatDateTime(entry.created_at)}</td>
              <td>+{formatNumber(entry.xp)}</td>
              <td>{entry.source}</td>
              <td>
                <code>{entry.key}</code>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {data && <Pager label="XP ledger pages" page={page} lastPage={data.pagination.last_page} onPage={setPage} />}
    </section>
  );
}
