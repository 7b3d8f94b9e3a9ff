import type { AuditLogEntry } from '@kickback/contracts';
import { formatDateTime, formatRelativeTime } from '../../lib/format';
import { QueueScreen } from '../kit/queue-page';
import type { QueueResource } from '../kit/resource';
import { useGetAuditLogQuery, type AuditLogPage as Page } from './admin-audit-api';

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

/** Every change made in the admin panel, newest first; its page lives in the URL (`?page=2`). */
const auditLog: QueueResource<AuditLogEntry, Record<string, never>, Page> = {
  title: 'Audit Log',
  header: () => <p className="field-hint">Every change made in the admin panel: who, what and when.</p>,
  useList: ({ page }) => useGetAuditLogQuery(page),
  texts: {
    loading: 'Loading audit log...',
    error: 'Failed to load the audit log.',
    empty: 'No changes have been recorded yet.',
    caption: 'Audit log entries, newest first',
  },
  pagerLabel: 'Audit log pages',
  columns: [
    {
      header: 'When',
      cell: (entry) => (
        <time dateTime={entry.created_at} title={formatDateTime(entry.created_at)}>
          {formatRelativeTime(entry.created_at)}
        </time>
      ),
    },
    { header: 'Who', cell: (entry) => entry.actor?.username ?? 'System' },
    { header: 'Action', cell: (entry) => <code>{entry.action}</code> },
    { header: 'Entity', cell: (entry) => `${entry.entity}${entry.entity_id ? ` #${entry.entity_id}` : ''}` },
    { header: 'Details', cell: (entry) => <ChangeDetails entry={entry} /> },
  ],
};

export default function AuditLogPage() {
  return <QueueScreen resource={auditLog} />;
}
