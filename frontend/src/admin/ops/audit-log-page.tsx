import { useSearchParams } from 'react-router-dom';
import type { AuditLogEntry } from '@kickback/contracts';
import { formatDateTime, formatRelativeTime } from '../../lib/format';
import { useGetAuditLogQuery } from './admin-audit-api';
import { PageHeader } from '../../components/ui/page-header';
import { Pager } from '../../components/ui/pager';
import { DataTable } from '../../components/ui/data-table';

const pageFrom = (value: string | null): number => {
  const page = Number.parseInt(value ?? '1', 10);
  return Number.isFinite(page) && page > 0 ? page : 1;
};

const hasChange = (value: unknown): boolean => value !== null && value !== undefined;

function ChangeDetails({ entry }: { entry: AuditLogEntry }) {
  if (!hasChange(entry.before) && !hasChange(entry.after)) return <span className="field-hint">—</span>;
  return (
    <details className="audit-details">
      <summary>Show changes</summary>
      <div className="audit-details__grid">
        <div>
          <p className="audit-details__label">Before</p>
          <pre>{JSON.stringify(entry.before, null, 2) ?? 'null'}</pre>
        </div>
        <div>
          <p className="audit-details__label">After</p>
          <pre>{JSON.stringify(entry.after, null, 2) ?? 'null'}</pre>
        </div>
      </div>
    </details>
  );
}

export default function AuditLogPage() {
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const { data, isFetching, isError } = useGetAuditLogQuery(page);
  const goTo = (next: number) => setParams(next > 1 ? { page: String(next) } : {});

  return (
    <div className="admin-page">
      <PageHeader title="Audit Log">
        <p className="field-hint">Every change made in the admin panel: who, what and when.</p>
      </PageHeader>

      {isError && (
        <p role="alert" className="admin-status">
          Failed to load the audit log.
        </p>
      )}
      {!data && isFetching && (
        <p role="status" className="admin-status">
          Loading audit log...
        </p>
      )}
      {data && data.entries.length === 0 && <p className="admin-status">No changes have been recorded yet.</p>}

      {data && data.entries.length > 0 && (
        <DataTable caption="Audit log entries, newest first" columns={['When', 'Who', 'Action', 'Entity', 'Details']} busy={isFetching}>
          {data.entries.map((entry) => (
            <tr key={entry.id}>
              <td>
                <time dateTime={entry.created_at} title={formatDateTime(entry.created_at)}>
                  {formatRelativeTime(entry.created_at)}
                </time>
              </td>
              <td>{entry.actor?.username ?? 'System'}</td>
              <td>
                <code>{entry.action}</code>
              </td>
              <td>
                {entry.entity}
                {entry.entity_id ? ` #${entry.entity_id}` : ''}
              </td>
              <td>
                <ChangeDetails entry={entry} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}

      {data && <Pager label="Audit log pages" page={page} lastPage={data.pagination.last_page} onPage={goTo} />}
    </div>
  );
}
