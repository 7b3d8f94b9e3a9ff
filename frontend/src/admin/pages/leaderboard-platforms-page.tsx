import { useState } from 'react';
import type { AdminPlatform, PlatformInput } from '@kickback/contracts';
import { errorMessage, fieldErrors } from '../../lib/api-error';
import { formatRelativeTime } from '../../lib/format';
import { useToast } from '../../lib/use-toast';
import {
  useCreateLeaderboardPlatformMutation,
  useDeleteLeaderboardPlatformMutation,
  useGetLeaderboardPlatformsQuery,
  useTestLeaderboardPlatformMutation,
  useUpdateLeaderboardPlatformMutation,
} from '../api/leaderboard-admin-api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { LeaderboardCsvImport } from '../components/leaderboard-csv-import';
import { LeaderboardFetchHistory } from '../components/leaderboard-fetch-history';
import { LeaderboardPlatformForm } from '../components/leaderboard-platform-form';

type Editing = { mode: 'create' } | { mode: 'edit'; platform: AdminPlatform } | null;

export default function LeaderboardPlatformsPage() {
  const { data: platforms = [], isLoading, isError } = useGetLeaderboardPlatformsQuery();
  const [create, createState] = useCreateLeaderboardPlatformMutation();
  const [update, updateState] = useUpdateLeaderboardPlatformMutation();
  const [remove, removeState] = useDeleteLeaderboardPlatformMutation();
  const [test, testState] = useTestLeaderboardPlatformMutation();
  const toast = useToast();
  const [editing, setEditing] = useState<Editing>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [deleting, setDeleting] = useState<AdminPlatform | null>(null);
  const [inspecting, setInspecting] = useState<number | null>(null);
  const inspected = platforms.find((p) => p.id === inspecting) ?? null;

  const open = (next: Editing) => {
    setServerErrors({});
    setEditing(next);
  };

  const save = async (input: PlatformInput) => {
    try {
      if (editing?.mode === 'edit') {
        await update({ id: editing.platform.id, changes: input }).unwrap();
        toast.success(`${input.name} saved`);
      } else {
        await create(input).unwrap();
        toast.success(`${input.name} created`);
      }
      setEditing(null);
    } catch (error) {
      setServerErrors(fieldErrors(error));
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
      <header className="admin-page__header">
        <h1>Leaderboard</h1>
        {editing === null && (
          <button type="button" className="button button--primary" onClick={() => open({ mode: 'create' })}>
            Add Platform
          </button>
        )}
      </header>

      {editing && (
        <LeaderboardPlatformForm
          key={editing.mode === 'edit' ? editing.platform.id : 'new'}
          initial={editing.mode === 'edit' ? editing.platform : null}
          saving={createState.isLoading || updateState.isLoading}
          serverErrors={serverErrors}
          onSubmit={save}
          onCancel={() => setEditing(null)}
        />
      )}

      {isLoading && (
        <p role="status" className="admin-status">
          Loading platforms...
        </p>
      )}
      {isError && (
        <p role="alert" className="admin-status">
          Failed to load platforms.
        </p>
      )}
      {!isLoading && !isError && platforms.length === 0 && <p className="admin-status">No platforms yet. Add the first casino above.</p>}

      {platforms.length > 0 && (
        <div className="card admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Name</th>
                <th scope="col">Source</th>
                <th scope="col">Period</th>
                <th scope="col">Status</th>
                <th scope="col">Last updated</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
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
                        onClick={() => open({ mode: 'edit', platform })}
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
            </tbody>
          </table>
        </div>
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
