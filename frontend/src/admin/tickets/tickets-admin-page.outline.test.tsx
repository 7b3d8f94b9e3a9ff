import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AdminTicket, TicketReply } from '@kickback/contracts';
import { mockFetch } from '../../test/fetch-polyfill';
import { screenOutline } from '../../test/screen-outline';
import TicketsAdminPage from './tickets-admin-page';
import * as outline from '../../test/outline-steps';
import { adminTicketFixture } from '../../test/ticket-fixtures';

const ticket = (id: number, title: string, status: AdminTicket['status']): AdminTicket =>
  adminTicketFixture({
    id,
    title,
    description: `About ${title}.`,
    status,
    status_label: status === 'closed' ? 'Closed' : 'Open',
    replies_count: 1,
    created_at: '2026-11-28T10:00:00.000Z',
    updated_at: '2026-11-29T08:00:00.000Z',
  });
const tickets = [ticket(12, 'Prize missing', 'open'), ticket(11, 'Old question', 'closed')];
const replies: TicketReply[] = [
  { id: 1, message: 'We are looking.', is_admin: true, user: { username: 'boss' }, created_at: '2026-11-28T11:00:00.000Z', images: [] },
];

const page = (data: AdminTicket[], lastPage = 1) => ({
  body: { success: true, data, pagination: { current_page: 1, last_page: lastPage, per_page: 25, total: data.length } },
});

// What a person meets on the screen, recorded before it became a declaration and compared since.
describe('Support Tickets screen outline', () => {
  outline.freezeClockAt('2026-11-29T09:00:00.000Z');

  it('list with paging, filters, an open and a closed ticket, empty and failed', async () => {
    mockFetch(({ url }) => {
      if (url === '/api/r/tickets/categories') return { body: { success: true, data: [{ id: 3, name: 'Raffles', description: '' }] } };
      if (url === '/api/admin/tickets/12') return { body: { success: true, data: { ticket: tickets[0], replies } } };
      if (url === '/api/admin/tickets/11') return { body: { success: true, data: { ticket: tickets[1], replies: [] } } };
      if (url.includes('search=nothing')) return page([]);
      if (url.includes('status=closed')) return page([tickets[1]!]);
      return page(tickets, 2);
    });
    const { unmount } = outline.renderAsAdmin(<TicketsAdminPage />);
    await screen.findAllByRole('row');
    await screen.findByRole('option', { name: 'Raffles' });
    expect(screenOutline()).toMatchSnapshot('list');

    fireEvent.click(screen.getByRole('button', { name: 'Open ticket #12' }));
    await screen.findByText('We are looking.');
    expect(screenOutline()).toMatchSnapshot('open ticket');
    fireEvent.click(screen.getByRole('button', { name: '← All tickets' }));

    fireEvent.change(await screen.findByLabelText('Status'), { target: { value: 'closed' } });
    await waitFor(() => expect(screen.queryByText('#12 Prize missing')).toBeNull());
    expect(screenOutline()).toMatchSnapshot('filtered');
    fireEvent.click(screen.getByRole('button', { name: 'Open ticket #11' }));
    await screen.findByText('About Old question.');
    expect(screenOutline()).toMatchSnapshot('closed ticket');
    fireEvent.click(screen.getByRole('button', { name: '← All tickets' }));

    fireEvent.change(await screen.findByLabelText('Search'), { target: { value: 'nothing' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('No tickets match these filters.');
    expect(screenOutline()).toMatchSnapshot('searched to nothing');
    unmount();

    mockFetch(({ url }) =>
      url === '/api/r/tickets/categories'
        ? { body: { success: true, data: [] } }
        : { status: 500, body: { success: false, message: 'boom' } },
    );
    outline.renderAsAdmin(<TicketsAdminPage />);
    await screen.findByText('Failed to load tickets.');
    expect(screenOutline()).toMatchSnapshot('failed');
  });
});
