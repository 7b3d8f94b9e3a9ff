import type { PointsImportPreview } from '@kickback/contracts';
import { DataTable } from '../../components/ui/data-table';
import { formatCount, formatDateTime, formatNumber } from '../../lib/format';

const watch = (minutes: number | null) => (minutes === null ? '' : formatCount(minutes, 'minute'));

/** What applying the file would do: counts and totals over every row, the first rows of each list. */
export function PointsImportPreviewPanel({
  preview,
  applying,
  onApply,
}: {
  preview: PointsImportPreview;
  applying: boolean;
  onApply: () => void;
}) {
  const { matched, unknown, duplicates, invalid } = preview;
  const nothing = matched.count + unknown.count === 0;
  return (
    <section className="card admin-form" aria-labelledby="points-import-dry-run">
      <h2 id="points-import-dry-run">Dry run</h2>
      <ul aria-label="Dry run totals">
        <li>{formatCount(preview.rows_read, 'row')} read</li>
        <li>
          {formatCount(matched.count, 'member')} matched: {formatCount(matched.points, 'point')} credited at once
        </li>
        <li>
          {formatCount(unknown.count, 'Kick name')} without an account yet: {formatCount(unknown.points, 'point')} waiting for their first
          login
        </li>
        <li>{formatCount(duplicates.count, 'duplicate row')} skipped (the first row of a name counts)</li>
        <li>{formatCount(invalid.count, 'invalid row')} skipped</li>
        <li>
          Total: {formatCount(preview.total_points, 'point')}
          {preview.total_watch_minutes > 0 && `, ${formatCount(preview.total_watch_minutes, 'minute')} of watch time`}
        </li>
      </ul>
      {preview.already_applied && (
        <p role="status">
          These rows were already imported as import #{preview.already_applied.id} on {formatDateTime(preview.already_applied.created_at)};
          applying them again changes nothing.
        </p>
      )}
      {invalid.rows.length + duplicates.rows.length > 0 && (
        <ul className="field-error" aria-label="Rows skipped">
          {invalid.rows.map((row) => (
            <li key={`invalid-${row.line}`}>
              Row {row.line}: {row.message}
            </li>
          ))}
          {duplicates.rows.map((row) => (
            <li key={`duplicate-${row.line}`}>
              Row {row.line}: {row.kick_username} is on an earlier row.
            </li>
          ))}
        </ul>
      )}
      {matched.rows.length > 0 && (
        <>
          <h3>Matched members{matched.count > matched.rows.length && ` (first ${formatNumber(matched.rows.length)})`}</h3>
          <DataTable caption="Matched members" columns={['Kick name', 'Member', 'Points', 'Watch time']} card={false}>
            {matched.rows.map((row) => (
              <tr key={row.kick_username}>
                <td>{row.kick_username}</td>
                <td>{row.user.username}</td>
                <td>{formatNumber(row.points)}</td>
                <td>{watch(row.watch_minutes)}</td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
      {unknown.rows.length > 0 && (
        <>
          <h3>Waiting for a first login{unknown.count > unknown.rows.length && ` (first ${formatNumber(unknown.rows.length)})`}</h3>
          <DataTable caption="Kick names without an account" columns={['Kick name', 'Points', 'Watch time']} card={false}>
            {unknown.rows.map((row) => (
              <tr key={row.kick_username}>
                <td>{row.kick_username}</td>
                <td>{formatNumber(row.points)}</td>
                <td>{watch(row.watch_minutes)}</td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
      <div className="admin-form-actions">
        <button type="button" className="button button--primary" disabled={nothing || applying} onClick={onApply}>
          {applying ? 'Importing...' : 'Apply import'}
        </button>
      </div>
    </section>
  );
}
