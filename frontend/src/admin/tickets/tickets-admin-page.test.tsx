import { fireEvent, screen, waitFor } from '@testing-library/react';
import { adminTicketFixture } from '../../test/ticket-fixtures';
import { memberFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { adminSectionsFor } from '../admin-nav';
import TicketsAdminPage from './tickets-admin-page';
import { recordFetches } from '../../test/fetch-mocks';

const staffFixture = { ...memberFixture, id: 3, username: 'HelpDeskHana', role: 'staff' as const };

const ticket = adminTicketFixture({ description: 'It never arrived.' });

describe('TicketsAdminPage', () => {
  it('is the only admin section staff get', () => {
    expect(adminSectionsFor('staff').map((s) => s.path)).toEqual(['tickets']);
    expect(adminSectionsFor('moderator').map((s) => s.path)).toEqual(['go-live']);
    expect(adminSectionsFor('member')).toEqual([]);
    expect(adminSectionsFor('Admin').map((s) => s.path)).toContain('tickets');
  });

  it('filters the queue, opens a ticket, changes its status and replies as staff', async () => {
    const requests = recordFetches((r) => {
      if (r.url.startsWith('/api/admin/tickets?'))
        return { body: { success: true, data: [ticket], pagination: { current_page: 1, last_page: 1, per_page: 25, total: 1 } } };
      if (r.url === '/api/r/tickets/categories') return { body: { success: true, data: [{ id: 3, name: 'Raffles', description: '' }] } };
      if (r.url === '/api/admin/tickets/12' && r.method === 'GET') return { body: { success: true, data: { ticket, replies: [] } } };
      if (r.url === '/api/admin/tickets/12' && r.method === 'PATCH')
        return { body: { success: true, data: { ...ticket, status: 'resolved', status_label: 'Resolved' } } };
      if (r.url === '/api/admin/tickets/12/reply') return { body: { success: true, message: 'Reply sent successfully' } };
      return undefined;
    });
    renderWithProviders(<TicketsAdminPage />, { user: staffFixture });
    expect(await screen.findByText('#12 Prize missing')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'open' } });
    await waitFor(() => expect(requests.some((r) => r.url.includes('status=open'))).toBe(true));
    fireEvent.click(await screen.findByRole('button', { name: 'Open ticket #12' }));
    expect(await screen.findByText('It never arrived.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'resolved' } });
    await waitFor(() => expect(requests.find((r) => r.method === 'PATCH')?.body).toBe(JSON.stringify({ status: 'resolved' })));
    expect(screen.getByRole('button', { name: 'Send Reply' })).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Reply as Support Team'), { target: { value: 'We are on it.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Reply' }));
    await waitFor(() => expect(requests.some((r) => r.url === '/api/admin/tickets/12/reply')).toBe(true));
    const reply = requests.find((r) => r.url === '/api/admin/tickets/12/reply')!;
    expect((reply.body as FormData).get('message')).toBe('We are on it.');
  });
});
