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
} from '../api/leaderboard-admin-api';
import { AdminPageHeader } from '../components/admin-page-header';
import { AdminQueryStatus } from '../components/admin-query-status';
import { AdminTable } from '../components/admin-table';
import { ConfirmDialog } from '../components/confirm-dialog';
import { LeaderboardCsvImport } from '../components/leaderboard-csv-import';
import { LeaderboardFetchHistory } from '../components/leaderboard-fetch-history';
import { LeaderboardPlatformForm } from '../components/leaderboard-platform-form';
import { useEditingState } from '../components/use-editing-state';

export default function LeaderboardPlatformsPage() {
  const { data: platforms = [], isLoading, isError } = useGetLeaderboardPlatformsQuery();
  const [create, createState] = useCreateLeaderboardPlatformMutation();
  const [update, updateState] = useUpdateLeaderboardPlatformMutation();
  const [remove, removeState] = useDeleteLeaderboardPlatformMutation();
  const [test, testState] = useTestLeaderboardPlatformMutation();
  const toast = useToast();
  const form = useEditingState<AdminPlatform>();
  const [deleting, setDeleting] = useState<AdminPlatform | null>(null);
  const [inspecting, setInspecting] = useState<number | null>(null);
  const inspected = platforms.find((p) => p.id === inspecting) ?? null;

  const save = async (input: PlatformInput) => {
    try {
      if (form.editingItem) {
        await update({ id: form.editingItem.id, changes: input }).unwrap();
        toast.success(`${input.name} saved`);
      } else {
        await create(input).unwrap();
        toast.success(`${input.name} created`);
      }
      form.close();
    } catch (error) {
      form.showServerErrors(error);
      toast.error(errorMessage(error, 'Failed to save platform'));
    }
  };

  const runTest = async (platform: AdminPlatform) => {
    try {
      const result = await test(platform.id).unwrap();
      if (result.ok) toast.success(`${platform.name}: connection works, ${result.entry_count} players this period`);
      else toast.error(`${platform.name}: ${result.error ?? 'connection failed'}`);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to test the connection'));
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove(deleting.id).unwrap();
      toast.success(`${deleting.name} deleted`);
      if (inspecting === deleting.id) setInspecting(null);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to delete platform'));
    } finally {
      setDeleting(null);
    }
  };

  return (
    <div className="admin-page">
      <AdminPageHeader
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

      <AdminQueryStatus
        isLoading={isLoading}
        isError={isError}
        isEmpty={!isLoading && !isError && platforms.length === 0}
        loadingText="Loading platforms..."
        errorText="Failed to load platforms."
        emptyText="No platforms yet. Add the first casino above."
      />

      {platforms.length > 0 && (
        <AdminTable columns={['Order', 'Name', 'Source', 'Period', 'Status', 'Last updated']} actions>
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
              <td>
                <div className="admin-row-actions">
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    onClick={() => form.open({ mode: 'edit', item: platform })}
                    aria-label={`Edit ${platform.name}`}
                  >
                    Edit
                  </button>
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
                  <button
                    type="button"
                    className="button button--danger button--small"
                    onClick={() => setDeleting(platform)}
                    aria-label={`Delete ${platform.name}`}
                  >
                    Delete
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
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
