import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AnnouncementDelivery, AnnouncementHook } from '@kickback/contracts';
import { deliveries as deliveryFixtures, hooks as hookFixtures } from '../../test/announcement-fixtures';
import { adminFixture } from '../../test/fixtures';
import { createdSockets } from '../../test/socket-io-client-stub';
import { renderWithProviders } from '../../test/render';
import AnnouncementsPage from './announcements-page';
import { recordFetches } from '../testing/fetch-mocks';

describe('AnnouncementsPage', () => {
  it('adds a Discord hook (refusing a URL that is not Discord’s), sends a test and shows the delivery log', async () => {
    const hooks: AnnouncementHook[] = [{ ...hookFixtures[0]!, events: ['stream.live'] }];
    const deliveries: AnnouncementDelivery[] = [];
    const requests = recordFetches((request) => {
      if (request.url === '/api/admin/announcements' && request.method === 'GET') return { body: { success: true, data: hooks } };
      if (request.url === '/api/admin/announcements' && request.method === 'POST') {
        const input = JSON.parse(String(request.body)) as { kind: 'discord'; name: string; events: AnnouncementHook['events'] };
        hooks.push({ ...hookFixtures[1]!, ...input, enabled: true, created_at: '' });
        return { status: 201, body: { success: true, data: hooks[1] } };
      }
      if (request.url === '/api/admin/announcements/1/signing-secret' && request.method === 'POST')
        return { body: { success: true, data: { signing_secret: 'whsec_secret123' } } };
      if (request.url === '/api/admin/announcements/1/test') {
        deliveries.unshift(deliveryFixtures[0]!);
        return { status: 202, body: { success: true, data: deliveries[0] } };
      }
      if (request.url === '/api/admin/announcements/1/deliveries') return { body: { success: true, data: deliveries } };
      return undefined;
    });
    renderWithProviders(<AnnouncementsPage />, { user: adminFixture });

    expect(await screen.findByRole('rowheader', { name: 'Stream deck' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add Hook' }));
    const form = await screen.findByRole('form', { name: 'New Hook' });
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Raffles channel' } });
    fireEvent.change(within(form).getByLabelText(/^Discord webhook URL/), { target: { value: 'https://example.com/hook' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add Hook' }));
    expect(await within(form).findByText('Pick at least one event.')).toBeInTheDocument();
    expect(within(form).getByText(/Paste the webhook URL Discord shows/)).toBeInTheDocument();

    fireEvent.change(within(form).getByLabelText(/^Discord webhook URL/), {
      target: { value: 'https://discord.com/api/webhooks/123/abc' },
    });
    fireEvent.click(within(form).getByLabelText('Raffle winners'));
    fireEvent.click(within(form).getByRole('button', { name: 'Add Hook' }));
    expect(await screen.findByRole('rowheader', { name: 'Raffles channel' })).toBeInTheDocument();
    expect(JSON.parse(String(requests.find((r) => r.method === 'POST')!.body))).toEqual({
      kind: 'discord',
      name: 'Raffles channel',
      url: 'https://discord.com/api/webhooks/123/abc',
      events: ['raffle.winners'],
    });

    fireEvent.click(screen.getByRole('button', { name: 'Send test to Stream deck' }));
    const log = await screen.findByRole('region', { name: 'Delivery log of Stream deck' });
    expect(await within(log).findByText('Retrying (2 attempts)')).toBeInTheDocument();
    expect(within(log).getByText('HTTP 500: broken')).toBeInTheDocument();
    // The worker's next attempt arrives as a push to the admin room.
    const socket = createdSockets.at(-1)!;
    act(() => socket.serverConnect());
    act(() =>
      socket.serverEmit('announcement:delivery', {
        hook_id: 1,
        delivery: {
          ...deliveries[0],
          status: 'delivered',
          attempts: 3,
          last_status: 200,
          last_error: null,
          delivered_at: '2026-11-27T12:01:30.000Z',
        },
      }),
    );
    expect(await within(log).findByText('Delivered (3 attempts)')).toBeInTheDocument();
    expect(within(log).getByText('HTTP 200')).toBeInTheDocument();
    const secret = screen.getByLabelText('Signing secret of Stream deck');
    // Only the masked hint until Show asks the server for the secret (an audited reveal); Hide forgets it.
    expect(secret).toHaveTextContent('whsec_…t123');
    expect(requests.some((r) => r.url.endsWith('/signing-secret'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(secret).toHaveTextContent('whsec_secret123'));
    expect(requests.filter((r) => r.url === '/api/admin/announcements/1/signing-secret' && r.method === 'POST')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(secret).toHaveTextContent('whsec_…t123');
  });
});
