import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminContactMessage, ContactStatus } from '@kickback/contracts';
import { getSocket, resetSocketForTests } from '../../lib/socket';
import { mockFetch } from '../../test/fetch-polyfill';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import type { FakeSocket } from '../../test/socket-io-client-stub';
import ContactMessagesPage from './contact-messages-page';

const message = (id: number, status: ContactStatus): AdminContactMessage => ({
  id,
  name: `Sender ${id}`,
  email: `sender${id}@example.com`,
  subject: `Subject ${id}`,
  message: `Line one\nLine two of ${id}`,
  status,
  user: id === 2 ? { id: 9, username: 'luke' } : null,
  created_at: new Date().toISOString(),
});

const toasts = (store: { getState: () => unknown }) =>
  (store.getState() as { toasts: { items: { type: string; message: string }[] } }).toasts.items.map((t) => `${t.type}: ${t.message}`);

describe('ContactMessagesPage', () => {
  beforeEach(() => resetSocketForTests());

  it('lists messages, changes a status, filters, and refreshes when a new message is announced', async () => {
    const messages = [message(2, 'new'), message(1, 'read')];
    mockFetch((request) => {
      const list = request.url.match(/^\/api\/admin\/contact-messages\?status=(\w+)&page=(\d+)$/);
      if (list) {
        const data = messages.filter((m) => list[1] === 'all' || m.status === list[1]);
        return {
          body: {
            success: true,
            data,
            pagination: { current_page: 1, last_page: 1, per_page: 25, total: data.length },
            new_total: messages.filter((m) => m.status === 'new').length,
          },
        };
      }
      const status = request.url.match(/^\/api\/admin\/contact-messages\/(\d+)\/status$/);
      if (status && request.method === 'POST') {
        const target = messages.find((m) => m.id === Number(status[1]))!;
        target.status = (JSON.parse(String(request.body)) as { status: ContactStatus }).status;
        return { body: { success: true, data: target, message: 'Message status updated.' } };
      }
      return undefined;
    });
    const { store } = renderWithProviders(<ContactMessagesPage />, { user: adminFixture });

    const row = await screen.findByTestId('contact-message-2');
    expect(within(row).getByText('Subject 2')).toBeInTheDocument();
    expect(within(row).getByText(/Line one/)).toHaveTextContent('Line one Line two of 2');
    expect(within(row).getByRole('link', { name: 'sender2@example.com' })).toHaveAttribute(
      'href',
      'mailto:sender2@example.com?subject=Re%3A%20Subject%202',
    );
    expect(within(row).getByText('Member: luke')).toBeInTheDocument();
    expect(screen.getByText('1 new')).toBeInTheDocument();

    fireEvent.click(within(row).getByRole('button', { name: 'Archive: message 2' }));
    await waitFor(() => expect(within(screen.getByTestId('contact-message-2')).getByText('Archived')).toBeInTheDocument());
    expect(toasts(store)).toContain('success: Message #2 marked as archived');
    expect(within(screen.getByTestId('contact-message-2')).getByRole('button', { name: 'Restore: message 2' })).toBeInTheDocument();
    expect(screen.getByText('0 new')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'read' } });
    await waitFor(() => expect(screen.queryByTestId('contact-message-2')).not.toBeInTheDocument());
    expect(screen.getByTestId('contact-message-1')).toBeInTheDocument();

    messages.unshift(message(3, 'read'));
    const socket = (await getSocket()) as unknown as FakeSocket;
    act(() => socket.serverEmit('user:notification', { type: 'info', message: 'New contact message from Sender 3: Subject 3' }));
    expect(await screen.findByTestId('contact-message-3')).toBeInTheDocument();
    expect(toasts(store)).toContain('info: New contact message from Sender 3: Subject 3');
  });

  it('shows the empty and failed states', async () => {
    mockFetch((request) =>
      request.url.includes('status=all')
        ? { body: { success: true, data: [], pagination: { current_page: 1, last_page: 1, per_page: 25, total: 0 }, new_total: 0 } }
        : { status: 500, body: {} },
    );
    renderWithProviders(<ContactMessagesPage />, { user: adminFixture });
    expect(await screen.findByText('No messages here.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'archived' } });
    expect(await screen.findByText('Failed to load messages.')).toBeInTheDocument();
  });
});
