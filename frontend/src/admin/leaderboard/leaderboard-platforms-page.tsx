import { useState } from 'react';
import type { AdminPlatform, PlatformInput } from '@kickback/contracts';
import { errorMessage } from '../../lib/api-error';
import { formatRelativeTime } from '../../lib/format';
import { useToast } from '../../lib/use-toast';
import {
  useCreateLeaderboardPlatformMutation,
  useDeleteLeaderboardPlatformMutation,
  useGetLeaderboardPlatformsQuery,
  useTestLeaderboardPlatformMutation,
  useUpdateLeaderboardPlatformMutation,
} from './admin-leaderboard-api';
import { PageHeader } from '../../components/ui/page-header';
import { QueryStatus } from '../../components/ui/query-status';
import { DataTable } from '../../components/ui/data-table';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { LeaderboardCsvImport } from './leaderboard-csv-import';
import { LeaderboardFetchHistory } from './leaderboard-fetch-history';
import { LeaderboardPlatformForm } from './leaderboard-platform-form';
import { useAdminCrud } from '../kit/use-admin-crud';
import { RowActions } from '../kit/row-actions';

export default function LeaderboardPlatformsPage() {
  const { data: platforms = [], isLoading, isError } = useGetLeaderboardPlatformsQuery();
  const [create, createState] = useCreateLeaderboardPlatformMutation();
  const [update, updateState] = useUpdateLeaderboardPlatformMutation();
  const [remove, removeState] = useDeleteLeaderboardPlatformMutation();
  const [test, testState] = useTestLeaderboardPlatformMutation();
  const toast = useToast();
  const [inspecting, setInspecting] = useState<number | null>(null);
  const {
    form,
    save,
    deleting,
    askDelete: setDeleting,
    confirmDelete,
  } = useAdminCrud<AdminPlatform, PlatformInput>({
    nameOf: (value) => value.name,
    create: (input) => create(input).unwrap(),
    update: (item, input) => update({ id: item.id, changes: input }).unwrap(),
    remove: (item) => remove(item.id).unwrap(),
    texts: { saved: 'saved', removed: 'deleted', saveFailed: 'Failed to save platform', removeFailed: 'Failed to delete platform' },
    afterRemove: (item) => setInspecting((current) => (current === item.id ? null : current)),
  });
  const inspected = platforms.find((p) => p.id === inspecting) ?? null;

  const runTest = async (platform: AdminPlatform) => {
    try {
      const result = await test(platform.id).unwrap();
      if (result.ok) toast.success(`${platform.name}: connection works, ${result.entry_count} players this period`);
      else toast.error(`${platform.name}: ${result.error ?? 'connection failed'}`);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to test the connection'));
    }
  };

  return (
    <div className="admin-page">
      <PageHeader
        title="Leaderboard"
        addLabel={form.editing === null ? 'Add Platform' : undefined}
        onAdd={() => form.open({ mode: 'create' })}
      />

      {form.editing && (
        <LeaderboardPlatformForm
          key={form.formKey}
          initial={form.editingItem}
          saving={createState.isLoading || updateState.isLoading}
          serverErrors={form.serverErrors}
          onSubmit={save}
          onCancel={form.close}
        />
      )}

      <QueryStatus
        isLoading={isLoading}
        isError={isError}
        isEmpty={!isLoading && !isError && platforms.length === 0}
        loadingText="Loading platforms..."
        errorText="Failed to load platforms."
        emptyText="No platforms yet. Add the first casino above."
      />

      {platforms.length > 0 && (
        <DataTable columns={['Order', 'Name', 'Source', 'Period', 'Status', 'Last updated']} actions>
          {platforms.map((platform) => (
            <tr key={platform.id}>
              <td>{platform.display_order}</td>
              <th scope="row">
                {platform.name} <code>{platform.slug}</code>
              </th>
              <td>
                {platform.source_type}
                {platform.source_type !== 'manual_csv' && <div className="field-hint">credentials: {platform.credentials}</div>}
              </td>
              <td>{platform.period_type}</td>
              <td>
                {platform.is_active ? 'Active' : 'Hidden'}
                {platform.last_error && (
                  <div className="field-error" title={platform.last_error}>
                    Last fetch failed
                  </div>
                )}
              </td>
              <td>{platform.last_updated ? formatRelativeTime(platform.last_updated) : 'Never'}</td>
              <RowActions
                name={platform.name}
                onEdit={() => form.open({ mode: 'edit', item: platform })}
                onDelete={() => setDeleting(platform)}
              >
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => runTest(platform)}
                  disabled={testState.isLoading}
                  aria-label={`Test ${platform.name}`}
                >
                  Test
                </button>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => setInspecting(inspecting === platform.id ? null : platform.id)}
                  aria-expanded={inspecting === platform.id}
                  aria-label={`${platform.source_type === 'manual_csv' ? 'Import and history' : 'History'} of ${platform.name}`}
                >
                  {platform.source_type === 'manual_csv' ? 'Import / History' : 'History'}
                </button>
              </RowActions>
            </tr>
          ))}
        </DataTable>
      )}

      {inspected && (
        <>
          {inspected.source_type === 'manual_csv' && <LeaderboardCsvImport platform={inspected} />}
          <LeaderboardFetchHistory platformId={inspected.id} name={inspected.name} />
        </>
      )}

      {deleting && (
        <ConfirmDialog
          title="Delete platform?"
          message={`${deleting.name}, its current standings and all past periods will be removed. This cannot be undone.`}
          confirmLabel="Delete"
          busy={removeState.isLoading}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
