import { useState } from 'react';
import type { AdminRaffle, AdminRaffleInput } from '@kickback/contracts';
import { errorMessage, fieldErrors } from '../../lib/api-error';
import { formatCount, formatDateTime, formatNumber } from '../../lib/format';
import { useToast } from '../../lib/use-toast';
import { useCreateRaffleMutation, useGetAdminRafflesQuery, useRaffleActionMutation, useUpdateRaffleMutation } from './admin-raffles-api';
import { PageHeader } from '../../components/ui/page-header';
import { QueryStatus } from '../../components/ui/query-status';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { RaffleForm } from './raffle-form';
import { RaffleAdminEntries } from './raffle-admin-entries';
import { Pager } from '../../components/ui/pager';
import { RerollDialog } from './reroll-dialog';
import { WinnerClaim, claimOf } from './winner-claim';
import { SmallButton } from '../kit/rows';

type Editing = { mode: 'create' } | { mode: 'edit'; raffle: AdminRaffle } | null;
type Pending = { raffle: AdminRaffle; action: 'cancel' | 'draw' | 'reroll'; position?: number } | null;

const CONFIRM: Record<'cancel' | 'draw', { title: string; label: string; back: string }> = {
  cancel: { title: 'Cancel raffle?', label: 'Cancel raffle', back: 'Keep raffle' },
  draw: { title: 'Draw winners now?', label: 'Draw now', back: 'Not yet' },
};

/** Said when an answer carries no message of its own. */
const ACTION_DONE: Record<'cancel' | 'draw' | 'reroll', string> = {
  cancel: 'Raffle cancelled.',
  draw: 'Winners drawn.',
  reroll: 'Winner rerolled.',
};

export default function RafflesAdminPage() {
  const [page, setPage] = useState(1);
  const { data, isLoading, isError } = useGetAdminRafflesQuery(page);
  const [create, createState] = useCreateRaffleMutation();
  const [update, updateState] = useUpdateRaffleMutation();
  const [act, actState] = useRaffleActionMutation();
  const toast = useToast();
  const [editing, setEditingState] = useState<Editing>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  // Errors belong to the attempt that caused them: opening, switching or closing the form drops them.
  const setEditing = (next: Editing) => {
    setEditingState(next);
    setServerErrors({});
  };
  const [pending, setPending] = useState<Pending>(null);
  const [viewing, setViewing] = useState<AdminRaffle | null>(null);

  const save = async (input: Partial<AdminRaffleInput>) => {
    try {
      if (editing?.mode === 'edit') await update({ id: editing.raffle.id, changes: input }).unwrap();
      else await create(input).unwrap();
      const title = input.title ?? (editing?.mode === 'edit' ? editing.raffle.title : 'Raffle');
      toast.success(editing?.mode === 'edit' ? `${title} saved.` : `${title} created.`);
      setEditing(null);
    } catch (error) {
      setServerErrors(fieldErrors(error));
      toast.error(errorMessage(error, 'Failed to save raffle'));
    }
  };

  const confirm = async (reason?: string) => {
    if (!pending) return;
    try {
      const answer = await act({ id: pending.raffle.id, action: pending.action, position: pending.position, reason }).unwrap();
      toast.success(answer.message ?? ACTION_DONE[pending.action]);
    } catch (error) {
      toast.error(errorMessage(error, 'The action failed'));
    } finally {
      setPending(null);
    }
  };

  const raffles = data?.data ?? [];
  return (
    <div className="admin-page">
      <PageHeader title="Raffles" addLabel={editing === null ? 'New Raffle' : undefined} onAdd={() => setEditing({ mode: 'create' })} />
      {editing && (
        <RaffleForm
          key={editing.mode === 'edit' ? editing.raffle.id : 'new'}
          initial={editing.mode === 'edit' ? editing.raffle : null}
          saving={createState.isLoading || updateState.isLoading}
          serverErrors={serverErrors}
          onSubmit={(input) => void save(input)}
          onCancel={() => setEditing(null)}
        />
      )}
      <QueryStatus
        isLoading={isLoading}
        isError={isError}
        isEmpty={!isLoading && !isError && raffles.length === 0}
        loadingText="Loading raffles..."
        errorText="Failed to load raffles."
        emptyText="No raffles yet. Create the first one above."
      />
      {raffles.length > 0 && (
        <div className="card admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Status</th>
                <th scope="col">Entries</th>
                <th scope="col">Winners</th>
                <th scope="col">Ends</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {raffles.map((r) => {
                const open = !r.drawn_at && !r.cancelled;
                return (
                  <tr key={r.id}>
                    <td>{r.title}</td>
                    <td>{r.cancelled ? 'Cancelled' : r.status}</td>
                    <td data-testid={`admin-raffle-entries-${r.id}`}>
                      {formatCount(r.total_entries, 'ticket')} ({formatCount(r.participants_count, 'person', 'people')})
                    </td>
                    <td>
                      {r.winners.length ? (
                        <ol>
                          {r.winners.map((w, i) => {
                            const claim = claimOf(r, w.id);
                            return (
                              <li key={w.id}>
                                {w.kick_username || w.username} <WinnerClaim claim={claim} testId={`admin-raffle-claim-${r.id}-${i + 1}`} />{' '}
                                {/* A claimed prize is the winner's: the server refuses to reroll it, so it is not offered. */}
                                {!claim?.claimed_at && (
                                  <SmallButton onClick={() => setPending({ raffle: r, action: 'reroll', position: i + 1 })}>
                                    Reroll #{i + 1}
                                  </SmallButton>
                                )}
                              </li>
                            );
                          })}
                        </ol>
                      ) : (
                        formatNumber(r.number_of_winners)
                      )}
                    </td>
                    <td>{formatDateTime(r.end_datetime)}</td>
                    <td className="admin-table__actions">
                      <SmallButton onClick={() => setViewing(r)}>Entries</SmallButton>
                      <a
                        className="button button--ghost button--small"
                        href={`/api/admin/raffles/${r.id}/entries.csv`}
                        download={`raffle-${r.id}-entries.csv`}
                      >
                        CSV
                      </a>
                      {open && (
                        <>
                          <SmallButton onClick={() => setEditing({ mode: 'edit', raffle: r })}>Edit {r.title}</SmallButton>
                          {/* A draw needs a started raffle with entries. */}
                          {r.status !== 'Pending' && r.total_entries > 0 && (
                            <SmallButton tone="plain" onClick={() => setPending({ raffle: r, action: 'draw' })}>
                              Draw now
                            </SmallButton>
                          )}
                          <SmallButton onClick={() => setPending({ raffle: r, action: 'cancel' })}>Cancel raffle</SmallButton>
                        </>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {data && <Pager label="Raffle pages" page={page} lastPage={data.pagination.last_page} onPage={setPage} />}
        </div>
      )}
      {viewing && <RaffleAdminEntries raffle={viewing} onClose={() => setViewing(null)} />}
      {pending?.action === 'reroll' && (
        <RerollDialog
          raffle={pending.raffle}
          position={pending.position!}
          busy={actState.isLoading}
          onConfirm={(reason) => void confirm(reason)}
          onCancel={() => setPending(null)}
        />
      )}
      {pending && pending.action !== 'reroll' && (
        <ConfirmDialog
          title={CONFIRM[pending.action].title}
          message={
            pending.action === 'cancel'
              ? `${pending.raffle.title} will stop accepting entries and every points entry is refunded.`
              : `${pending.raffle.title} ends now and ${pending.raffle.number_of_winners === 1 ? 'its winner is' : `its ${pending.raffle.number_of_winners} winners are`} drawn from ${formatNumber(pending.raffle.total_entries)} ${pending.raffle.total_entries === 1 ? 'entry' : 'entries'}; this cannot be undone.`
          }
          confirmLabel={CONFIRM[pending.action].label}
          cancelLabel={CONFIRM[pending.action].back}
          busy={actState.isLoading}
          onConfirm={() => void confirm()}
          onCancel={() => setPending(null)}
        />
      )}
    </div>
  );
}
