import { useState } from 'react';
import {
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUSES,
  TICKET_STATUS_LABELS,
  type AdminTicketsQuery,
} from '@kickback/contracts';
import { formatRelativeTime } from '../../lib/format';
import { useGetAdminTicketsQuery, useGetTicketFilterCategoriesQuery } from './admin-tickets-api';
import { PageHeader } from '../../components/ui/page-header';
import { Pager } from '../../components/ui/pager';
import { QueryStatus } from '../../components/ui/query-status';
import { DataTable } from '../../components/ui/data-table';
import { SelectField } from '../../components/ui/select-field';
import { TicketAdminPanel } from './tickets-admin-panel';

/** The support queue: filters, newest first; opening a ticket shows the conversation and the staff tools. */
export default function TicketsAdminPage() {
  const [query, setQuery] = useState<AdminTicketsQuery>({ status: 'all', priority: 'all', category: 0, search: '', page: 1 });
  const [search, setSearch] = useState('');
  const [openId, setOpenId] = useState<number | null>(null);
  const { data, isLoading, isError, isFetching } = useGetAdminTicketsQuery(query);
  const categories = useGetTicketFilterCategoriesQuery();
  const filter = (change: Partial<AdminTicketsQuery>) => setQuery((current) => ({ ...current, ...change, page: 1 }));

  if (openId !== null) return <TicketAdminPanel id={openId} onBack={() => setOpenId(null)} />;

  return (
    <div className="admin-page">
      <PageHeader title="Support Tickets">{data && <p className="field-hint">{data.pagination.total} tickets</p>}</PageHeader>
      <form
        className="admin-filters"
        style={{ display: 'flex', gap: '1rem', flexWrap: 'wrap', alignItems: 'flex-end' }}
        onSubmit={(e) => {
          e.preventDefault();
          filter({ search: search.trim() });
        }}
      >
        <SelectField
          id="tickets-admin-status"
          label="Status"
          value={query.status}
          onChange={(v) => filter({ status: v as AdminTicketsQuery['status'] })}
        >
          <option value="all">All</option>
          {TICKET_STATUSES.map((s) => (
            <option key={s} value={s}>
              {TICKET_STATUS_LABELS[s]}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="tickets-admin-priority"
          label="Priority"
          value={query.priority}
          onChange={(v) => filter({ priority: v as AdminTicketsQuery['priority'] })}
        >
          <option value="all">All</option>
          {TICKET_PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {TICKET_PRIORITY_LABELS[p]}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="tickets-admin-category"
          label="Category"
          value={String(query.category)}
          onChange={(v) => filter({ category: Number(v) })}
        >
          <option value="0">All</option>
          {(categories.data ?? []).map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <div className="field">
          <label htmlFor="tickets-admin-search">Search</label>
          <input id="tickets-admin-search" className="input" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <div className="field">
          <button type="submit" className="button">
            Search
          </button>
        </div>
      </form>
      <QueryStatus
        isLoading={isLoading}
        isError={isError}
        isEmpty={data?.data.length === 0}
        loadingText="Loading tickets..."
        errorText="Failed to load tickets."
        emptyText="No tickets match these filters."
      />
      {data && data.data.length > 0 && (
        <DataTable
          caption="Support tickets, newest first"
          columns={['Ticket', 'Member', 'Category', 'Priority', 'Status', 'Replies', 'Updated']}
          actions
          busy={isFetching}
        >
          {data.data.map((t) => (
            <tr key={t.id} data-testid={`admin-ticket-${t.id}`}>
              <th scope="row">
                #{t.id} {t.title}
              </th>
              <td>{t.user.username}</td>
              <td>{t.category}</td>
              <td>{t.priority_label}</td>
              <td>{t.status_label}</td>
              <td>{t.replies_count}</td>
              <td>
                <time dateTime={t.updated_at}>{formatRelativeTime(t.updated_at)}</time>
              </td>
              <td>
                <button type="button" className="button button--small" onClick={() => setOpenId(t.id)} aria-label={`Open ticket #${t.id}`}>
                  Open
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {data && (
        <Pager
          label="Ticket pages"
          page={query.page}
          lastPage={data.pagination.last_page}
          onPage={(page) => setQuery((q) => ({ ...q, page }))}
        />
      )}
    </div>
  );
}
