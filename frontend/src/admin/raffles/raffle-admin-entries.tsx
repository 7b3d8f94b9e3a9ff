import { useState } from 'react';
import type { AdminRaffle, AdminRaffleEntry, FarmSignal } from '@kickback/contracts';
import { Pager } from '../../components/ui/pager';
import { formatCount, formatDateTime, formatNumber } from '../../lib/format';
import { useGetAdminRaffleEntriesQuery, useRaffleActionMutation } from './admin-raffles-api';
import { ColumnTable, SmallButton } from '../kit/rows';
import { useAdminAction } from '../kit/use-admin-crud';
import { useConfirmation } from '../kit/use-confirmation';

const SIGNAL_WORDS: Record<FarmSignal, (e: AdminRaffleEntry) => string> = {
  'new-account': (e) => `New account (${formatCount(e.account_age_days ?? 0, 'day')} old)`,
  'no-watch-time': () => 'No watch time',
  'no-chat': () => 'Never chatted',
};

/** Marks of entrants that look like alts or bots; only here, never on a public page. */
function FarmSignals({ entry }: { entry: AdminRaffleEntry }) {
  const signals = entry.signals ?? [];
  if (!signals.length) return null;
  return (
    <ul className="admin-signals" aria-label="Looks like an alt">
      {signals.map((s) => (
        <li key={s}>{SIGNAL_WORDS[s](entry)}</li>
      ))}
    </ul>
  );
}

/** Takes entrants who fail the raffle's rules out of the draw, after a confirmation that says what happens. */
function ApplyRules({ raffle }: { raffle: AdminRaffle }) {
  const [act] = useRaffleActionMutation();
  const run = useAdminAction();
  const confirmation = useConfirmation();
  const ask = () =>
    confirmation.ask({
      title: `Apply the rules of ${raffle.title} to its entrants?`,
      message:
        "Entrants who do not meet the raffle's rules now are taken out of the draw and the points they spent are refunded; the published draw lists their entries as excluded.",
      confirmLabel: 'Apply rules',
      cancelLabel: 'Not now',
      run: () =>
        run(
          () => act({ id: raffle.id, action: 'apply-rules' }).unwrap(),
          ({ message }) => message ?? 'Rules applied',
          'Failed to apply the rules',
        ),
    });
  return (
    <>
      <SmallButton onClick={ask}>Apply rules to entrants</SmallButton>
      {confirmation.dialog}
    </>
  );
}

/** Live entries of one raffle, newest first, a page at a time: the room's pushes put new rows on top of page 1. */
export function RaffleAdminEntries({ raffle, onClose }: { raffle: AdminRaffle; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const { data: list, isLoading, isError, refetch } = useGetAdminRaffleEntriesQuery({ id: raffle.id, page });
  const data = list?.data ?? [];
  return (
    <section className="card admin-form" aria-label={`Entries of ${raffle.title}`}>
      <header className="admin-page__header">
        <h2>
          Entries of {raffle.title}: {formatNumber(list?.pagination.total ?? 0)} rows, {formatNumber(list?.tickets_total ?? 0)} tickets
        </h2>
        <div>
          <SmallButton onClick={() => void refetch()}>Refresh</SmallButton> <SmallButton onClick={onClose}>Close</SmallButton>
        </div>
      </header>
      {isLoading && <p role="status">Loading entries...</p>}
      {isError && <p role="alert">Failed to load entries.</p>}
      {!isLoading && data.length === 0 && <p>No entries yet</p>}
      {data.length > 0 && (
        <p className="field-hint">
          Signals mark entrants that look like alts: a new account, no watch time or no chat. Set an entry rule in the raffle form, then
          apply it here before the draw to take out who fails it.
        </p>
      )}
      {data.length > 0 && raffle.entry_rules && !raffle.drawn_at && !raffle.cancelled && <ApplyRules raffle={raffle} />}
      {data.length > 0 && (
        <div style={{ maxHeight: 420, overflowY: 'auto' }}>
          <ColumnTable
            rows={data}
            columns={[
              { header: '#', cell: (e) => e.id },
              { header: 'Member', cell: (e) => e.user.kick_username || e.user.username },
              { header: 'Type', cell: (e) => e.entry_type },
              { header: 'Tickets', cell: (e) => formatNumber(e.tickets) },
              { header: 'Points', cell: (e) => formatNumber(e.points_spent) },
              { header: 'Luck', cell: (e) => (e.multiplier && e.multiplier > 1 ? `×${e.multiplier}` : '') },
              { header: 'Signals', cell: (e) => <FarmSignals entry={e} /> },
              { header: 'Entered', cell: (e) => formatDateTime(e.created_at) },
            ]}
          />
        </div>
      )}
      {list && <Pager label="Entry pages" page={page} lastPage={list.pagination.last_page} onPage={setPage} />}
    </section>
  );
}
