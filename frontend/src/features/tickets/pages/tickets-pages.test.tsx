import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Ticket, TicketWithReplies } from '@kickback/contracts';
import { getSocket, resetSocketForTests } from '../../../lib/socket';
import { mockFetch, type TestRequest } from '../../../test/fetch-polyfill';
import type { FakeSocket } from '../../../test/socket-io-client-stub';
import { memberFixture } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { ticketFixture } from '../../../test/ticket-fixtures';
import CreateTicketPage from './create-ticket-page';
import TicketDetailPage from './ticket-detail-page';
import TicketsPage from './tickets-page';

const ticket = (over: Partial<Ticket> = {}): Ticket => ticketFixture({ replies_count: 2, ...over });

const toasts = (store: { getState: () => unknown }) =>
  (store.getState() as { toasts: { items: { type: string; message: string }[] } }).toasts.items.map((t) => `${t.type}: ${t.message}`);

describe('Tickets list', () => {
  it('asks anonymous visitors to log in', () => {
    renderWithProviders(<TicketsPage />, { user: null });
    expect(screen.getByRole('heading', { name: 'Authentication Required' })).toBeInTheDocument();
    expect(screen.getByText('Please log in to view your support tickets.')).toBeInTheDocument();
  });

  it('shows cards and filters them by status, priority and search', async () => {
    mockFetch((r) =>
      r.url === '/api/r/tickets'
        ? {
            body: {
              success: true,
              data: [
                ticket(),
                ticket({
                  id: 13,
                  title: 'Login trouble',
                  priority: 'low',
                  priority_label: 'Low',
                  status: 'closed',
                  status_label: 'Closed',
                }),
              ],
            },
          }
        : undefined,
    );
    renderWithProviders(<TicketsPage />, { user: memberFixture });
    const card = (await screen.findByRole('heading', { name: 'Prize missing' })).closest('article') as HTMLElement;
    for (const text of ['High', 'My raffle prize never arrived.', '#12', 'Raffles', 'Open', '2 replies'])
      expect(within(card).getByText(text)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/tickets/12');
    expect(screen.getByRole('link', { name: 'Create Ticket' })).toHaveAttribute('href', '/tickets/create');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'closed' } });
    expect(screen.queryByRole('heading', { name: 'Prize missing' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Login trouble' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Priority'), { target: { value: 'urgent' } });
    expect(screen.getByRole('heading', { name: 'No Tickets Found' })).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search or filters.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'all' } });
    fireEvent.change(screen.getByLabelText('Priority'), { target: { value: 'all' } });
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'login' } });
    expect(screen.getByRole('heading', { name: 'Login trouble' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Prize missing' })).not.toBeInTheDocument();
  });

  it('invites a member without tickets to create the first one, and toasts a load failure', async () => {
    mockFetch(() => ({ body: { success: true, data: [] } }));
    renderWithProviders(<TicketsPage />, { user: memberFixture });
    expect(await screen.findByRole('heading', { name: 'No Tickets Found' })).toBeInTheDocument();
    expect(screen.getByText(/Create your first ticket/)).toBeInTheDocument();
  });

  it('toasts Failed to load tickets', async () => {
    mockFetch(() => ({ status: 500, body: { success: false, message: 'boom' } }));
    const { store } = renderWithProviders(<TicketsPage />, { user: memberFixture });
    await waitFor(() => expect(toasts(store)).toContain('error: Failed to load tickets'));
  });
});

describe('Ticket detail', () => {
  const detail = (over: Partial<Ticket> = {}): TicketWithReplies => ({
    ticket: ticket({ images: [{ id: 5, url: '/api/r/tickets/images/5', filename: 'shot.png' }], ...over }),
    replies: [
      {
        id: 1,
        message: 'We are on it.',
        is_admin: true,
        user: { username: 'HelpDeskHana' },
        created_at: '2026-11-20T11:00:00.000Z',
        images: [],
      },
      { id: 2, message: 'Thanks!', is_admin: false, user: { username: 'lucky_lou' }, created_at: '2026-11-20T12:00:00.000Z', images: [] },
    ],
  });

  it('shows the conversation: You, Support Team with a Staff badge, thumbnails opening in a new tab', async () => {
    mockFetch((r) => (r.url === '/api/r/tickets/12' ? { body: { success: true, data: detail() } } : undefined));
    renderWithProviders(<TicketDetailPage />, { user: memberFixture, route: '/tickets/12', path: '/tickets/:id' });
    expect(await screen.findByRole('heading', { name: 'Prize missing' })).toBeInTheDocument();
    expect(screen.getByText('Support Team')).toBeInTheDocument();
    expect(screen.getByText('Staff')).toBeInTheDocument();
    expect(screen.getAllByText('You')).toHaveLength(2);
    const thumb = screen.getByRole('img', { name: 'shot.png' }).closest('a') as HTMLElement;
    expect(thumb).toHaveAttribute('href', '/api/r/tickets/images/5');
    expect(thumb).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('button', { name: 'Send Reply' })).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'More details' } });
    expect(screen.getByRole('button', { name: 'Send Reply' })).toBeEnabled();
  });

  it('sends a reply as multipart, toasts and clears the form', async () => {
    const posts: TestRequest[] = [];
    mockFetch((r) => {
      if (r.method === 'POST') {
        posts.push(r);
        return { body: { success: true, message: 'Reply sent successfully' } };
      }
      return r.url === '/api/r/tickets/12' ? { body: { success: true, data: detail() } } : undefined;
    });
    const { store } = renderWithProviders(<TicketDetailPage />, { user: memberFixture, route: '/tickets/12', path: '/tickets/:id' });
    fireEvent.change(await screen.findByLabelText('Message'), { target: { value: 'More details' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Reply' }));
    await waitFor(() => expect(toasts(store)).toContain('success: Reply sent successfully'));
    expect(posts[0].url).toBe('/api/r/tickets/12/reply');
    expect((posts[0].body as FormData).get('message')).toBe('More details');
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });

  it('reloads when support answers this ticket live', async () => {
    resetSocketForTests();
    let loads = 0;
    mockFetch((r) => {
      if (r.url !== '/api/r/tickets/12') return undefined;
      loads += 1;
      return { body: { success: true, data: detail() } };
    });
    renderWithProviders(<TicketDetailPage />, { user: memberFixture, route: '/tickets/12', path: '/tickets/:id' });
    await screen.findByRole('heading', { name: 'Prize missing' });
    const socket = (await getSocket()) as unknown as FakeSocket;
    act(() => socket.serverEmit('user:notification', { type: 'info', message: 'Support replied to your ticket #99' }));
    act(() => socket.serverEmit('user:notification', { type: 'info', message: 'Support replied to your ticket #12' }));
    await waitFor(() => expect(loads).toBe(2));
  });

  it('replaces the form with the closed notice on a closed ticket', async () => {
    mockFetch(() => ({ body: { success: true, data: detail({ status: 'closed', status_label: 'Closed' }) } }));
    renderWithProviders(<TicketDetailPage />, { user: memberFixture, route: '/tickets/12', path: '/tickets/:id' });
    expect(await screen.findByText(/This ticket has been closed and no longer accepts replies\./)).toBeInTheDocument();
    expect(screen.getByText('Ticket Closed:')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send Reply' })).not.toBeInTheDocument();
  });

  it('on 404 toasts Ticket not found and goes back to /tickets', async () => {
    mockFetch(() => ({ status: 404, body: { success: false, message: 'Ticket not found' } }));
    const { store } = renderWithProviders(<TicketDetailPage />, {
      user: memberFixture,
      route: '/tickets/99',
      path: '/tickets/:id',
      extraRoutes: [{ path: '/tickets', element: <p>tickets list</p> }],
    });
    expect(await screen.findByText('tickets list')).toBeInTheDocument();
    expect(toasts(store)).toContain('error: Ticket not found');
  });

  it('on other errors toasts Failed to load ticket and shows Ticket Not Found', async () => {
    mockFetch(() => ({ status: 500, body: { success: false } }));
    const { store } = renderWithProviders(<TicketDetailPage />, { user: memberFixture, route: '/tickets/12', path: '/tickets/:id' });
    expect(await screen.findByRole('heading', { name: 'Ticket Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Tickets' })).toHaveAttribute('href', '/tickets');
    await waitFor(() => expect(toasts(store)).toContain('error: Failed to load ticket'));
  });
});

describe('Create ticket', () => {
  const categories = { body: { success: true, data: [{ id: 3, name: 'Raffles', description: 'Entries and prizes' }] } };

  it('asks anonymous visitors to log in', () => {
    renderWithProviders(<CreateTicketPage />, { user: null });
    expect(screen.getByText('Please log in to create a support ticket.')).toBeInTheDocument();
  });

  it('toasts Failed to load categories when the categories cannot be loaded', async () => {
    mockFetch((r) => (r.url === '/api/r/tickets/categories' ? { status: 500, body: { success: false, message: 'boom' } } : undefined));
    const { store } = renderWithProviders(<CreateTicketPage />, { user: memberFixture });
    await waitFor(() => expect(toasts(store)).toContain('error: Failed to load categories'));
  });

  it('validates in the SPEC words and clears a field error when the field is edited', async () => {
    mockFetch((r) => (r.url === '/api/r/tickets/categories' ? categories : undefined));
    const { store } = renderWithProviders(<CreateTicketPage />, { user: memberFixture });
    expect(await screen.findByRole('option', { name: 'Raffles - Entries and prizes' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Medium/ })).toBeChecked();
    expect(screen.getByText('Critical issues requiring immediate attention')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Create Ticket' }));
    expect(screen.getByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();
    expect(screen.getByText('Category is required')).toBeInTheDocument();
    expect(toasts(store)).toContain('error: Please fix the errors in the form');
    fireEvent.change(screen.getByLabelText('Ticket Title'), { target: { value: 'x'.repeat(256) } });
    expect(screen.queryByText('Title is required')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Create Ticket' }));
    expect(screen.getByText('Title must be less than 255 characters')).toBeInTheDocument();
  });

  it('checks attachments on the client and shows their sizes', async () => {
    mockFetch((r) => (r.url === '/api/r/tickets/categories' ? categories : undefined));
    const { store } = renderWithProviders(<CreateTicketPage />, { user: memberFixture });
    const input = await screen.findByLabelText('Attachments');
    const good = new File([new Uint8Array(1536)], 'shot.png', { type: 'image/png' });
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    const huge = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [good, text, huge] } });
    expect(screen.getByText('shot.png')).toBeInTheDocument();
    expect(screen.getByText('(1.5 KB)')).toBeInTheDocument();
    expect(toasts(store)).toContain('error: Image upload errors: File notes.txt is not an image, File huge.png is too large (max 5MB)');
    const many = Array.from({ length: 5 }, (_, i) => new File([new Uint8Array(10)], `p${i}.png`, { type: 'image/png' }));
    fireEvent.change(input, { target: { files: many } });
    expect(toasts(store)).toContain('error: Image upload errors: Maximum 5 images allowed');
    expect(screen.getAllByRole('button', { name: /^Remove/ })).toHaveLength(5);
  });

  it('creates the ticket as multipart, toasts and opens it; server field errors show per field', async () => {
    let answer: { status?: number; body: unknown } = {
      status: 422,
      body: { success: false, message: 'The given data was invalid.', errors: { title: ['Title is required'] } },
    };
    const posts: TestRequest[] = [];
    mockFetch((r) => {
      if (r.url === '/api/r/tickets/categories') return categories;
      if (r.method === 'POST' && r.url === '/api/r/tickets') {
        posts.push(r);
        return answer;
      }
      return undefined;
    });
    const { store } = renderWithProviders(<CreateTicketPage />, {
      user: memberFixture,
      extraRoutes: [{ path: '/tickets/:id', element: <p>ticket page</p> }],
    });
    await screen.findByRole('option', { name: 'Raffles - Entries and prizes' });
    fireEvent.change(screen.getByLabelText('Ticket Title'), { target: { value: 'Prize missing' } });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('radio', { name: /Urgent/ }));
    fireEvent.change(screen.getByLabelText('Detailed Description'), { target: { value: 'It never arrived.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Ticket' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(toasts(store)).toContain('error: The given data was invalid.');
    answer = { body: { success: true, message: 'Ticket created successfully', data: { id: 44 } } };
    fireEvent.click(screen.getByRole('button', { name: 'Create Ticket' }));
    expect(await screen.findByText('ticket page')).toBeInTheDocument();
    expect(toasts(store)).toContain('success: Ticket created successfully');
    const body = posts[1].body as FormData;
    expect([body.get('title'), body.get('category_id'), body.get('priority'), body.get('description')]).toEqual([
      'Prize missing',
      '3',
      'urgent',
      'It never arrived.',
    ]);
  });
});
