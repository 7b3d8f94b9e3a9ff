import { useEffect, useMemo, useRef, useState } from 'react';
import type { Raffle, RaffleEntryOrder } from '@kickback/contracts';
import { Avatar } from '../../../components/ui/avatar';
import { ScrollingList } from '../../../components/ui/scrolling-list';
import { formatCount, formatNumber } from '../../../lib/format';
import { useDebounced } from '../../../lib/use-debounced';
import { loadedParticipants, participantName, winChance } from '../raffle-logic';
import { useGetRaffleEntriesInfiniteQuery } from '../raffles-api';
import { SearchInput } from '../../../components/ui/search-input';

const ORDERS: [RaffleEntryOrder, string][] = [
  ['tickets', 'Most tickets'],
  ['newest', 'Newest'],
];

interface Props {
  raffle: Pick<Raffle, 'id' | 'total_entries' | 'participants_count'>;
  /** Reloads the raffle itself; the list reloads its own pages. */
  onRefresh: () => void;
  refreshing: boolean;
}

/**
 * SPEC §2/§5: participants per person with their win chance, searchable, in a limited-height list. The server
 * pages them by most tickets (SPEC's order) or, when toggled, newest first, and searches by name; the next page loads
 * when the end of the list scrolls into view.
 */
export function RaffleEntriesList({ raffle, onRefresh, refreshing }: Props) {
  const [query, setQuery] = useState('');
  const [order, setOrder] = useState<RaffleEntryOrder>('tickets');
  const search = useDebounced(query.trim());
  const entries = useGetRaffleEntriesInfiniteQuery({ id: raffle.id, order, search });
  const people = useMemo(() => loadedParticipants(entries.data?.pages), [entries.data]);
  const weights = entries.data?.pages[0]?.weights;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = entries;
  const listRef = useRef<HTMLElement>(null);
  const endRef = useRef<HTMLLIElement>(null);

  useEffect(() => {
    const end = endRef.current;
    if (!end || !hasNextPage || isFetchingNextPage) return;
    // Re-armed after every page: if the end is still in view (a short page), the next one follows at once.
    const observer = new IntersectionObserver((seen) => seen.some((e) => e.isIntersecting) && void fetchNextPage(), {
      root: listRef.current,
      rootMargin: '200px',
    });
    observer.observe(end);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, people.length]);

  const refresh = () => {
    onRefresh();
    void entries.refetch();
  };
  let body;
  if (entries.isLoading || (entries.isFetching && !entries.isFetchingNextPage && !entries.data)) {
    body = <p className="raffle-entries__empty">Loading entries...</p>;
  } else if (entries.isError && !entries.data) {
    body = <p className="raffle-entries__empty">Failed to load entries</p>;
  } else if (people.length === 0 && search) {
    body = (
      <div className="raffle-entries__empty">
        <p>No participants found matching "{search}"</p>
        <button type="button" className="button button--ghost button--small" onClick={() => setQuery('')}>
          Clear search
        </button>
      </div>
    );
  } else if (people.length === 0) {
    body = <p className="raffle-entries__empty">No entries yet</p>;
  } else {
    body = (
      <ScrollingList
        ordered
        className="raffle-entries__list"
        labelledBy="raffle-entries-title"
        data-testid="raffle-entries-list"
        ref={listRef}
      >
        {people.map((p) => {
          const name = participantName(p.user);
          return (
            <li key={p.user.id} className="raffle-entries__row">
              <Avatar user={p.user} name={name} size={32} />
              <span className="raffle-entries__name">{name}</span>
              <span className="raffle-entries__tickets">
                {formatNumber(p.tickets)} {p.tickets === 1 ? 'ticket' : 'tickets'}
              </span>
              <span className="raffle-entries__chance" title="Win chance">
                {winChance(p, raffle.total_entries, weights)}
              </span>
            </li>
          );
        })}
        {hasNextPage && (
          <li ref={endRef} className="raffle-entries__more" aria-live="polite">
            {isFetchingNextPage ? 'Loading more entries...' : ''}
          </li>
        )}
      </ScrollingList>
    );
  }
  return (
    <section className="card raffle-entries" aria-labelledby="raffle-entries-title">
      <div className="raffle-entries__head">
        <h2 id="raffle-entries-title" aria-describedby="raffle-entries-summary">
          Entries ({formatNumber(raffle.participants_count)})
        </h2>
        <p id="raffle-entries-summary" className="raffle-entries__summary" data-testid="raffle-entries-summary">
          {formatCount(raffle.participants_count, 'person', 'people')} holding {formatCount(raffle.total_entries, 'ticket')}
        </p>
        <p className="field-hint" data-testid="raffle-chance-rule">
          Win chance counts subscriber luck: a person's tickets × their multiplier, over every ticket's weight.
        </p>
        <button type="button" className="button button--ghost button--small" onClick={refresh} disabled={refreshing || entries.isFetching}>
          {refreshing || (entries.isFetching && !entries.isFetchingNextPage) ? 'Refreshing...' : 'Refresh'}
        </button>
      </div>
      <div className="raffle-entries__order" role="group" aria-label="Order entries by">
        {ORDERS.map(([value, label]) => (
          <button
            key={value}
            type="button"
            className="button button--ghost button--small"
            aria-pressed={order === value}
            onClick={() => setOrder(value)}
          >
            {label}
          </button>
        ))}
      </div>
      <SearchInput placeholder="Search participants..." aria-label="Search participants" value={query} onChange={setQuery} />
      {body}
    </section>
  );
}
