import { useState } from 'react';
import type { TournamentListItem } from '@kickback/contracts';
import { errorMessage, fieldErrors } from '../../lib/api-error';
import { formatNumber } from '../../lib/format';
import { useToast } from '../../lib/use-toast';
import {
  useCreateTournamentMutation,
  useDeleteTournamentMutation,
  useGetAdminTournamentQuery,
  useGetAdminTournamentsQuery,
  useUpdateTournamentMutation,
  type TournamentCreateInput,
} from './admin-tournaments-api';
import { PageHeader } from '../../components/ui/page-header';
import { DataTable } from '../../components/ui/data-table';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { TournamentBracketEditor } from './tournament-bracket-editor';
import { TournamentForm } from './tournament-form';
import { useAdminAction } from '../kit/use-admin-crud';
import { SmallButton, QueryLines } from '../kit/rows';

/** Create brackets, open/close predictions, (de)activate, enter multipliers and winners, delete unused tournaments. */
export default function TournamentsAdminPage() {
  const toast = useToast();
  const list = useGetAdminTournamentsQuery();
  const [create, createState] = useCreateTournamentMutation();
  const [update, updateState] = useUpdateTournamentMutation();
  const [remove, removeState] = useDeleteTournamentMutation();
  const [creating, setCreating] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [managingId, setManagingId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<TournamentListItem | null>(null);
  const managed = useGetAdminTournamentQuery(managingId ?? 0, { skip: managingId === null });

  const onCreate = async (input: TournamentCreateInput) => {
    try {
      const created = await create(input).unwrap();
      toast.success('Tournament created.');
      setCreating(false);
      setServerErrors({});
      setManagingId(created.id);
    } catch (error) {
      setServerErrors(fieldErrors(error));
      toast.error(errorMessage(error, 'Failed to create tournament'));
    }
  };
  const act = useAdminAction();
  const toggle = (t: TournamentListItem, changes: { is_active?: boolean; predictions_active?: boolean }, done: string) =>
    act(() => update({ id: t.id, changes }).unwrap(), done, 'Failed to save tournament');
  const onDelete = async () => {
    if (!deleting) return;
    const removed = await act(() => remove(deleting.id).unwrap(), 'Tournament deleted.', 'Failed to delete tournament');
    if (removed && managingId === deleting.id) setManagingId(null);
    setDeleting(null);
  };

  const tournaments = list.data ?? [];
  return (
    <div className="admin-page">
      <PageHeader title="Tournaments" addLabel={creating ? undefined : 'New Tournament'} onAdd={() => setCreating(true)} />
      {creating && (
        <TournamentForm
          saving={createState.isLoading}
          serverErrors={serverErrors}
          onSubmit={(input) => void onCreate(input)}
          onCancel={() => setCreating(false)}
        />
      )}
      <QueryLines
        query={list}
        nothing={tournaments.length === 0}
        texts={{
          loading: 'Loading tournaments...',
          error: 'Failed to load tournaments.',
          empty: 'No tournaments yet. Create the first one above.',
        }}
      />
      {tournaments.length > 0 && (
        <DataTable
          caption="Tournaments"
          columns={['Name', 'Size', 'Status', 'Predictions', 'Progress', 'Winner']}
          actions
          busy={updateState.isLoading}
        >
          {tournaments.map((t) => (
            <tr key={t.id} data-testid={`admin-tournament-${t.id}`}>
              <td>{t.name}</td>
              <td>{t.size}</td>
              <td>{t.winner ? 'Finished' : t.is_active ? 'Active' : 'Inactive'}</td>
              <td>
                {t.predictions_active ? 'Open' : 'Closed'} ({formatNumber(t.predictions_count)})
              </td>
              <td>{t.progress}%</td>
              <td>{t.winner ?? '—'}</td>
              <td className="admin-table__actions">
                <SmallButton onClick={() => setManagingId(t.id)}>Manage {t.name}</SmallButton>
                {t.is_active && (
                  <SmallButton
                    onClick={() =>
                      void toggle(
                        t,
                        { predictions_active: !t.predictions_active },
                        t.predictions_active ? 'Predictions closed.' : 'Predictions opened.',
                      )
                    }
                  >
                    {t.predictions_active ? 'Close Predictions' : 'Open Predictions'}
                  </SmallButton>
                )}
                <SmallButton
                  onClick={() =>
                    void toggle(t, { is_active: !t.is_active }, t.is_active ? 'Tournament deactivated.' : 'Tournament activated.')
                  }
                >
                  {t.is_active ? 'Deactivate' : 'Activate'}
                </SmallButton>
                {t.predictions_count === 0 && (
                  <SmallButton tone="danger" onClick={() => setDeleting(t)}>
                    Delete
                  </SmallButton>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {managingId !== null && managed.data && (
        <section className="card" aria-labelledby="tournament-bracket-title">
          <div className="admin-page__header">
            <h2 id="tournament-bracket-title">Bracket: {managed.data.name}</h2>
            <SmallButton onClick={() => setManagingId(null)}>Close</SmallButton>
          </div>
          <TournamentBracketEditor tournament={managed.data} />
        </section>
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete tournament?"
          message={`${deleting.name} and its bracket will be removed.`}
          confirmLabel="Delete"
          busy={removeState.isLoading}
          onConfirm={() => void onDelete()}
          onCancel={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
