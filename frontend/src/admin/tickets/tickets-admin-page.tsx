import {
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUSES,
  TICKET_STATUS_LABELS,
  type AdminTicket,
  type AdminTicketList,
  type AdminTicketsQuery,
} from '@kickback/contracts';
import { formatRelativeTime } from '../../lib/format';
import { QueueScreen } from '../kit/queue-page';
import { type QueueResource, type QueueRowKit, listTexts } from '../kit/resource';
import { useGetAdminTicketsQuery, useGetTicketFilterCategoriesQuery } from './admin-tickets-api';
import { TicketAdminPanel } from './tickets-admin-panel';
import { SmallButton } from '../kit/rows';

type TicketFilters = { status: string; priority: string; category: string; search: string };

const all = { value: 'all', label: 'All' };

function useCategoryOptions() {
  const categories = useGetTicketFilterCategoriesQuery();
  return { category: (categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name })) };
}

const useOpenAction =
  ({ openDetail }: QueueRowKit<AdminTicket>) =>
  (t: AdminTicket) => (
    <SmallButton tone="plain" onClick={() => openDetail(t)} label={`Open ticket #${t.id}`}>
      Open
    </SmallButton>
  );

/** The support queue: filters, newest first; opening a ticket (`?ticket=12`) shows the conversation and the staff tools. */
const tickets: QueueResource<AdminTicket, TicketFilters, AdminTicketList> = {
  title: 'Support Tickets',
  header: (page) => page && <p className="field-hint">{page.pagination.total} tickets</p>,
  filters: {
    defaults: { status: 'all', priority: 'all', category: '0', search: '' },
    declarations: [
      {
        name: 'status',
        label: 'Status',
        id: 'tickets-admin-status',
        options: [all, ...TICKET_STATUSES.map((s) => ({ value: s, label: TICKET_STATUS_LABELS[s] }))],
      },
      {
        name: 'priority',
        label: 'Priority',
        id: 'tickets-admin-priority',
        options: [all, ...TICKET_PRIORITIES.map((p) => ({ value: p, label: TICKET_PRIORITY_LABELS[p] }))],
      },
      { name: 'category', label: 'Category', id: 'tickets-admin-category', options: [{ value: '0', label: 'All' }] },
    ],
    search: { name: 'search', label: 'Search', id: 'tickets-admin-search', button: 'Search' },
    useOptions: useCategoryOptions,
  },
  useList: ({ status, priority, category, search, page }) =>
    useGetAdminTicketsQuery({
      status: status as AdminTicketsQuery['status'],
      priority: priority as AdminTicketsQuery['priority'],
      category: Number(category),
      search,
      page,
    }),
  texts: listTexts('tickets', 'No tickets match these filters.', 'Support tickets, newest first'),
  pagerLabel: 'Ticket pages',
  columns: [
    { header: 'Ticket', rowHeader: true, cell: (t) => `#${t.id} ${t.title}` },
    { header: 'Member', cell: (t) => t.user.username },
    { header: 'Category', cell: (t) => t.category },
    { header: 'Priority', cell: (t) => t.priority_label },
    { header: 'Status', cell: (t) => t.status_label },
    { header: 'Replies', cell: (t) => t.replies_count },
    { header: 'Updated', cell: (t) => <time dateTime={t.updated_at}>{formatRelativeTime(t.updated_at)}</time> },
  ],
  rowProps: (t) => ({ 'data-testid': `admin-ticket-${t.id}` }),
  useRowActions: useOpenAction,
  detail: { param: 'ticket', render: (id, close) => <TicketAdminPanel id={id} onBack={close} /> },
};

export default function TicketsAdminPage() {
  return <QueueScreen resource={tickets} />;
}
