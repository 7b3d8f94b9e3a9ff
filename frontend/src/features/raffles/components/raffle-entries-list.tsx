import { useMemo, useState } from 'react';
import type { RaffleEntry } from '@kickback/contracts';
import { Avatar } from '../../../components/ui/avatar';
import { formatNumber } from '../../../lib/format';
import { filterParticipants, groupParticipants, winChance } from '../raffle-logic';

interface Props {
  entries: RaffleEntry[];
  totalEntries: number;
  onRefresh: () => void;
  refreshing: boolean;
}

/** SPEC §2/§5: participants grouped per person, most tickets first, searchable, in a limited-height list. */
export function RaffleEntriesList({ entries, totalEntries, onRefresh, refreshing }: Props) {
  const [query, setQuery] = useState('');
  const participants = useMemo(() => groupParticipants(entries), [entries]);
  const shown = useMemo(() => filterParticipants(participants, query), [participants, query]);
  const total = Math.max(
    totalEntries,
    participants.reduce((sum, p) => sum + p.tickets, 0),
  );
  return (
    <section className="card raffle-entries" aria-labelledby="raffle-entries-title">
      <div className="raffle-entries__head">
        <h2 id="raffle-entries-title">Entries ({formatNumber(participants.length)})</h2>
        <button type="button" className="button button--ghost button--small" onClick={onRefresh} disabled={refreshing}>
          {refreshing ? 'Refreshing...' : 'Refresh'}
        </button>
      </div>
      <input
        className="input"
        type="search"
        placeholder="Search participants..."
        aria-label="Search participants"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {participants.length === 0 ? (
        <p className="raffle-entries__empty">No entries yet</p>
      ) : shown.length === 0 ? (
        <div className="raffle-entries__empty">
          <p>No participants found matching "{query.trim()}"</p>
          <button type="button" className="button button--ghost button--small" onClick={() => setQuery('')}>
            Clear search
          </button>
        </div>
      ) : (
        <ol className="raffle-entries__list" data-testid="raffle-entries-list">
          {shown.map((p) => (
            <li key={p.key} className="raffle-entries__row">
              <Avatar user={p.user} name={p.name} size={32} />
              <span className="raffle-entries__name">{p.name}</span>
              <span className="raffle-entries__tickets">
                {formatNumber(p.tickets)} {p.tickets === 1 ? 'ticket' : 'tickets'}
              </span>
              <span className="raffle-entries__chance" title="Win chance">
                {winChance(p.tickets, total)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
