import { useState } from 'react';
import type { AdminRaffle, AdminRaffleInput } from '@kickback/contracts';
import { formatCount, formatDateTime, formatNumber } from '../../lib/format';
import { useCreateRaffleMutation, useGetAdminRafflesQuery, useRaffleActionMutation, useUpdateRaffleMutation } from './admin-raffles-api';
import { PageHeader } from '../../components/ui/page-header';
import { RaffleForm } from './raffle-form';
import { RaffleAdminEntries } from './raffle-admin-entries';
import { Pager } from '../../components/ui/pager';
import { RerollDialog } from './reroll-dialog';
import { WinnerClaim, claimOf } from './winner-claim';
import { listTexts, type Column } from '../kit/resource';
import { SmallButton, StatusTable } from '../kit/rows';
import { useAdminAction, useEditingState } from '../kit/use-admin-crud';
import { useConfirmation } from '../kit/use-confirmation';

type RaffleAction = 'cancel' | 'draw' | 'reroll';
type Rerolling = { raffle: AdminRaffle; position: number } | null;

/** Said when an answer carries no message of its own. */
const ACTION_DONE: Record<RaffleAction, string> = {
  cancel: 'Raffle cancelled.',
  draw: 'Winners drawn.',
  reroll: 'Winner rerolled.',
};

// The table has never had a caption.
const TEXTS = listTexts('raffles', 'No raffles yet. Create the first one above.', '');

const drawMessage = (raffle: AdminRaffle) =>
  `${raffle.title} ends now and ${raffle.number_of_winners === 1 ? 'its winner is' : `its ${raffle.number_of_winners} winners are`} drawn from ${formatNumber(raffle.total_entries)} ${raffle.total_entries === 1 ? 'entry' : 'entries'}; this cannot be undone.`;

/** The raffle's winners with their claims, each offered for a reroll until claimed; its number of winners before a draw. */
function RaffleWinners({ raffle, onReroll }: { raffle: AdminRaffle; onReroll: (position: number) => void }) {
  if (!raffle.winners.length) return <>{formatNumber(raffle.number_of_winners)}</>;
  return (
    <ol>
      {raffle.winners.map((w, i) => {
        const claim = claimOf(raffle, w.id);
        return (
          <li key={w.id}>
            {w.kick_username || w.username} <WinnerClaim claim={claim} testId={`admin-raffle-claim-${raffle.id}-${i + 1}`} />{' '}
            {/* A claimed prize is the winner's: the server refuses to reroll it, so it is not offered. */}
            {!claim?.claimed_at && <SmallButton onClick={() => onReroll(i + 1)}>Reroll #{i + 1}</SmallButton>}
          </li>
        );
      })}
    </ol>
  );
}

export default function RafflesAdminPage() {
  const [page, setPage] = useState(1);
  const { data, isLoading, isError } = useGetAdminRafflesQuery(page);
  const [create, createState] = useCreateRaffleMutation();
  const [update, updateState] = useUpdateRaffleMutation();
  const [act, actState] = useRaffleActionMutation();
  const run = useAdminAction();
  // Errors belong to the attempt that caused them: opening, switching or closing the form drops them.
  const form = useEditingState<AdminRaffle>();
  const confirmation = useConfirmation();
  const [rerolling, setRerolling] = useState<Rerolling>(null);
  const [viewing, setViewing] = useState<AdminRaffle | null>(null);

  const save = async (input: Partial<AdminRaffleInput>) => {
    const raffle = form.editingItem;
    const title = input.title ?? raffle?.title ?? 'Raffle';
    const send = () => (raffle ? update({ id: raffle.id, changes: input }) : create(input)).unwrap();
    const saved = await run(
      () =>
        send().catch((error: unknown): never => {
          form.showServerErrors(error);
          throw error;
        }),
      raffle ? `${title} saved.` : `${title} created.`,
      'Failed to save raffle',
    );
    if (saved) form.close();
  };

  const perform = (raffle: AdminRaffle, action: RaffleAction, position?: number, reason?: string) =>
    run(
      () => act({ id: raffle.id, action, position, reason }).unwrap(),
      (answer) => answer.message ?? ACTION_DONE[action],
      'The action failed',
    );

  const columns: Column<AdminRaffle>[] = [
    { header: 'Title', cell: (r) => r.title },
    { header: 'Status', cell: (r) => (r.cancelled ? 'Cancelled' : r.status) },
    {
      header: 'Entries',
      cell: (r) => (
        <span data-testid={`admin-raffle-entries-${r.id}`}>
          {formatCount(r.total_entries, 'ticket')} ({formatCount(r.participants_count, 'person', 'people')})
        </span>
      ),
    },
    { header: 'Winners', cell: (r) => <RaffleWinners raffle={r} onReroll={(position) => setRerolling({ raffle: r, position })} /> },
    { header: 'Ends', cell: (r) => formatDateTime(r.end_datetime) },
  ];

  const actions = (r: AdminRaffle) => (
    <div className="admin-row-actions">
      <SmallButton onClick={() => setViewing(r)}>Entries</SmallButton>
      <a
        className="button button--ghost button--small"
        href={`/api/admin/raffles/${r.id}/entries.csv`}
        download={`raffle-${r.id}-entries.csv`}
      >
        CSV
      </a>
      {!r.drawn_at && !r.cancelled && (
        <>
          <SmallButton onClick={() => form.open({ mode: 'edit', item: r })}>Edit {r.title}</SmallButton>
          {/* A draw needs a started raffle with entries. */}
          {r.status !== 'Pending' && r.total_entries > 0 && (
            <SmallButton
              tone="plain"
              onClick={() =>
                confirmation.ask({
                  title: 'Draw winners now?',
                  message: drawMessage(r),
                  confirmLabel: 'Draw now',
                  cancelLabel: 'Not yet',
                  run: () => perform(r, 'draw'),
                })
              }
            >
              Draw now
            </SmallButton>
          )}
          <SmallButton
            onClick={() =>
              confirmation.ask({
                title: 'Cancel raffle?',
                message: `${r.title} will stop accepting entries and every points entry is refunded.`,
                confirmLabel: 'Cancel raffle',
                cancelLabel: 'Keep raffle',
                run: () => perform(r, 'cancel'),
              })
            }
          >
            Cancel raffle
          </SmallButton>
        </>
      )}
    </div>
  );

  return (
    <div className="admin-page">
      <PageHeader title="Raffles" addLabel={form.editing === null ? 'New Raffle' : undefined} onAdd={() => form.open({ mode: 'create' })} />
      {form.editing && (
        <RaffleForm
          key={form.formKey}
          initial={form.editingItem}
          saving={createState.isLoading || updateState.isLoading}
          serverErrors={form.serverErrors}
          onSubmit={(input) => void save(input)}
          onCancel={form.close}
        />
      )}
      <StatusTable query={{ isLoading, isError }} rows={data?.data} texts={TEXTS} columns={columns} actions={actions} />
      {data && <Pager label="Raffle pages" page={page} lastPage={data.pagination.last_page} onPage={setPage} />}
      {viewing && <RaffleAdminEntries raffle={viewing} onClose={() => setViewing(null)} />}
      {rerolling && (
        <RerollDialog
          raffle={rerolling.raffle}
          position={rerolling.position}
          busy={actState.isLoading}
          onConfirm={(reason) => void perform(rerolling.raffle, 'reroll', rerolling.position, reason).then(() => setRerolling(null))}
          onCancel={() => setRerolling(null)}
        />
      )}
      {confirmation.dialog}
    </div>
  );
}
