import { useState } from 'react';
import type { TournamentListItem } from '@kickback/contracts';
import { formatNumber } from '../../lib/format';
import {
  useCreateTournamentMutation,
  useDeleteTournamentMutation,
  useGetAdminTournamentQuery,
  useGetAdminTournamentsQuery,
  useUpdateTournamentMutation,
  type TournamentCreateInput,
} from './admin-tournaments-api';
import { PageHeader } from '../../components/ui/page-header';
import { TournamentBracketEditor } from './tournament-bracket-editor';
import { TournamentForm } from './tournament-form';
import { listTexts, type Column } from '../kit/resource';
import { useAdminAction, useAdminSubmit } from '../kit/use-admin-crud';
import { SmallButton, StatusTable } from '../kit/rows';
import { useConfirmation } from '../kit/use-confirmation';

const TEXTS = listTexts('tournaments', 'No tournaments yet. Create the first one above.', 'Tournaments');

const COLUMNS: Column<TournamentListItem>[] = [
  { header: 'Name', cell: (t) => t.name },
  { header: 'Size', cell: (t) => t.size },
  { header: 'Status', cell: (t) => (t.winner ? 'Finished' : t.is_active ? 'Active' : 'Inactive') },
  { header: 'Predictions', cell: (t) => `${t.predictions_active ? 'Open' : 'Closed'} (${formatNumber(t.predictions_count)})` },
  { header: 'Progress', cell: (t) => `${t.progress}%` },
  { header: 'Winner', cell: (t) => t.winner ?? '—' },
];

/** Create brackets, open/close predictions, (de)activate, enter multipliers and winners, delete unused tournaments. */
export default function TournamentsAdminPage() {
  const list = useGetAdminTournamentsQuery();
  const [create, createState] = useCreateTournamentMutation();
  const [update, updateState] = useUpdateTournamentMutation();
  const [remove] = useDeleteTournamentMutation();
  const [creating, setCreating] = useState(false);
  const [managingId, setManagingId] = useState<number | null>(null);
  const confirmation = useConfirmation();
  const managed = useGetAdminTournamentQuery(managingId ?? 0, { skip: managingId === null });

  const { serverErrors, submit } = useAdminSubmit();
  const onCreate = (input: TournamentCreateInput) =>
    submit(
      async () => {
        const created = await create(input).unwrap();
        setCreating(false);
        setManagingId(created.id);
      },
      'Tournament created.',
      'Failed to create tournament',
    );
  const act = useAdminAction();
  const toggle = (t: TournamentListItem, changes: { is_active?: boolean; predictions_active?: boolean }, done: string) =>
    act(() => update({ id: t.id, changes }).unwrap(), done, 'Failed to save tournament');
  const askDelete = (t: TournamentListItem) =>
    confirmation.ask({
      title: 'Delete tournament?',
      message: `${t.name} and its bracket will be removed.`,
      confirmLabel: 'Delete',
      run: async () => {
        const removed = await act(() => remove(t.id).unwrap(), 'Tournament deleted.', 'Failed to delete tournament');
        if (removed) setManagingId((open) => (open === t.id ? null : open));
      },
    });

  const actions = (t: TournamentListItem) => (
    <div className="admin-row-actions">
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
        onClick={() => void toggle(t, { is_active: !t.is_active }, t.is_active ? 'Tournament deactivated.' : 'Tournament activated.')}
      >
        {t.is_active ? 'Deactivate' : 'Activate'}
      </SmallButton>
      {t.predictions_count === 0 && (
        <SmallButton tone="danger" onClick={() => askDelete(t)}>
          Delete
        </SmallButton>
      )}
    </div>
  );

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
      <StatusTable
        query={{ ...list, isFetching: updateState.isLoading }}
        rows={list.data}
        texts={TEXTS}
        columns={COLUMNS}
        actions={actions}
        rowProps={(t) => ({ 'data-testid': `admin-tournament-${t.id}` })}
      />
      {managingId !== null && managed.data && (
        <section className="card" aria-labelledby="tournament-bracket-title">
          <div className="admin-page__header">
            <h2 id="tournament-bracket-title">Bracket: {managed.data.name}</h2>
            <SmallButton onClick={() => setManagingId(null)}>Close</SmallButton>
          </div>
          <TournamentBracketEditor tournament={managed.data} />
        </section>
      )}
      {confirmation.dialog}
    </div>
  );
}
