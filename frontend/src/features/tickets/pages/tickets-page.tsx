import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { TICKET_MESSAGES, TICKET_PRIORITIES, TICKET_PRIORITY_LABELS, TICKET_STATUSES, TICKET_STATUS_LABELS } from '@kickback/contracts';
import { AuthRequired } from '../../../components/ui/auth-required';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeading } from '../../../components/ui/page-heading';
import { useCurrentUser } from '../../../lib/session';
import { useToast } from '../../../lib/use-toast';
import { TicketCard } from '../components/ticket-card';
import { useGetTicketsQuery } from '../tickets-api';
import { Options } from '../../../components/ui/options';
import { SearchInput } from '../../../components/ui/search-input';
import { SelectField } from '../../../components/ui/select-field';
import '../tickets.css';

function TicketsList() {
  const toast = useToast();
  const { data: tickets = [], isLoading, isError, refetch } = useGetTicketsQuery();
  useEffect(() => {
    if (isError) toast.error(TICKET_MESSAGES.loadFailed);
  }, [isError, toast]);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('all');
  const [priority, setPriority] = useState('all');

  const shown = useMemo(() => {
    const query = search.trim().toLowerCase();
    return tickets.filter(
      (t) =>
        (status === 'all' || t.status === status) &&
        (priority === 'all' || t.priority === priority) &&
        (!query || t.title.toLowerCase().includes(query) || t.description.toLowerCase().includes(query) || `#${t.id}`.includes(query)),
    );
  }, [tickets, search, status, priority]);

  return (
    <section className="page container tickets-page">
      <PageHeading title="Support Tickets" lead="Ask the team for help and follow your requests.">
        <Link to="/tickets/create" className="button button--primary">
          Create Ticket
        </Link>
      </PageHeading>
      <div className="card tickets-filters">
        <div className="field">
          <label htmlFor="tickets-search">Search</label>
          <SearchInput id="tickets-search" placeholder="Search tickets..." value={search} onChange={setSearch} />
        </div>
        <SelectField id="tickets-status" label="Status" value={status} onChange={setStatus}>
          <option value="all">All</option>
          <Options values={TICKET_STATUSES} labels={TICKET_STATUS_LABELS} />
        </SelectField>
        <SelectField id="tickets-priority" label="Priority" value={priority} onChange={setPriority}>
          <option value="all">All</option>
          <Options values={TICKET_PRIORITIES} labels={TICKET_PRIORITY_LABELS} />
        </SelectField>
      </div>
      {isLoading ? (
        <p className="ticket-muted" role="status">
          Loading tickets...
        </p>
      ) : isError ? (
        <EmptyState title={TICKET_MESSAGES.loadFailed}>
          <button type="button" className="button" onClick={() => void refetch()}>
            Try again
          </button>
        </EmptyState>
      ) : shown.length === 0 ? (
        <EmptyState
          title="No Tickets Found"
          text={
            tickets.length
              ? 'Try adjusting your search or filters.'
              : 'You have not created any tickets yet. Create your first ticket to get help.'
          }
        />
      ) : (
        <div className="tickets-list">
          {shown.map((ticket) => (
            <TicketCard key={ticket.id} ticket={ticket} />
          ))}
        </div>
      )}
    </section>
  );
}

export default function TicketsPage() {
  const user = useCurrentUser();
  if (!user) return <AuthRequired message="Please log in to view your support tickets." />;
  return <TicketsList />;
}
