import type { ArchiveKind } from '@kickback/contracts';
import { formatDateTime } from '../../lib/format';
import { errorMessage } from '../../lib/api-error';
import { useToast } from '../../lib/use-toast';
import { useGetArchivedQuery, useRestoreArchivedMutation } from './admin-go-live-api';
import { SmallButton, QueryLines } from '../kit/rows';

const KIND_LABELS: Record<ArchiveKind, string> = {
  raffles: 'Raffle',
  hunts: 'Hunt',
  tournaments: 'Tournament',
  store_items: 'Store item',
};

/**
 * What was archived, newest first, each with Restore: a bulk archive that took something still wanted is undone one
 * row at a time (a store item comes back inactive, to restock first).
 */
export function ArchivedList() {
  const archived = useGetArchivedQuery();
  const [restore, state] = useRestoreArchivedMutation();
  const toast = useToast();
  const rows = archived.data ?? [];
  const put = async (kind: ArchiveKind, id: number, title: string) => {
    try {
      const answer = await restore({ kind, id }).unwrap();
      toast.success(answer.message ?? `${title} is listed again.`);
    } catch (error) {
      toast.error(errorMessage(error, `Failed to restore ${title}`));
    }
  };
  return (
    <details className="go-live__archived">
      <summary>Archived ({rows.length})</summary>
      <QueryLines
        query={archived}
        nothing={rows.length === 0}
        texts={{ loading: 'Loading what is archived...', error: 'Failed to load what is archived.', empty: 'Nothing is archived.' }}
      />
      {rows.length > 0 && (
        <ul className="go-live__others" aria-label="Archived">
          {rows.map((row) => (
            <li key={`${row.kind}-${row.id}`}>
              <span>
                {KIND_LABELS[row.kind]}: {row.title}
                <span className="field-hint"> · archived {formatDateTime(row.archived_at)}</span>
              </span>
              <SmallButton label={`Restore ${row.title}`} disabled={state.isLoading} onClick={() => void put(row.kind, row.id, row.title)}>
                Restore
              </SmallButton>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
