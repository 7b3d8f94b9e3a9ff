import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminPayout, PayoutStatus } from '@kickback/contracts';
import { resetSocketForTests } from '../../lib/socket';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import PayoutsQueuePage from './payouts-queue-page';
import { recordFetches } from '../testing/fetch-mocks';

const payout = (id: number, status: PayoutStatus, over: Partial<AdminPayout> = {}): AdminPayout => ({
  id,
  source: 'raffle',
  subject: { id: 3, title: 'Friday raffle', path: '/raffles/3' },
  place: 1,
  recipient: { user: { id: 7, username: 'lucky_lou' }, casino_username: null, name: 'luckylou' },
  prize: 'Headset',
  amount: null,
  currency: null,
  value_usd: 120,
  status,
  reason: null,
  retryable: false,
  claim_deadline: null,
  proof: { reference: null, url: null, image: null },
  created_at: '2026-11-29T08:00:00.000Z',
  status_changed_at: '2026-11-29T08:00:00.000Z',
  changed_by: null,
  paid_at: null,
  overdue: false,
  ...over,
});

const toasts = (store: { getState: () => unknown }) =>
  (store.getState() as { toasts: { items: { type: string; message: string }[] } }).toasts.items.map((t) => `${t.type}: ${t.message}`);

describe('PayoutsQueuePage', () => {
  beforeEach(() => resetSocketForTests());

  it('reads its filters from the URL, exports with them, and shows who won a race to mark a payout paid', async () => {
    const rows = [payout(12, 'approved', { overdue: true }), payout(13, 'waiting_approval')];
    const requests = recordFetches((request) => {
      if (request.url.startsWith('/api/admin/payouts?'))
        return {
          body: {
            success: true,
            data: rows,
            pagination: { current_page: 1, last_page: 1, per_page: 25, total: 2 },
            overdue_total: 1,
            promise_hours: 72,
          },
        };
      if (request.url === '/api/admin/payouts/settings')
        return { body: { success: true, data: { promise_hours: 72, show_pending_total: false, proof_public_sources: ['raffle'] } } };
      if (request.url === '/api/admin/payouts/12/status')
        return { status: 409, body: { success: false, message: 'Payout #12 is already Paid: deputy changed it first. Reload to see it.' } };
      return undefined;
    });
    const { store } = renderWithProviders(<PayoutsQueuePage />, { user: adminFixture, route: '/?source=raffle&age=overdue' });

    const row = await screen.findByTestId('payout-row-12');
    expect(requests.map((r) => r.url)).toContain('/api/admin/payouts?status=open&source=raffle&age=overdue&page=1');
    expect(screen.getByLabelText('Source')).toHaveValue('raffle');
    expect(screen.getByTestId('payouts-overdue')).toHaveTextContent('1 overdue (waiting longer than 72 hours in one status)');
    expect(within(row).getByText('Overdue')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/payouts/export.csv?status=open&source=raffle&age=overdue',
    );
    expect(screen.getByRole('button', { name: 'Approve 1 waiting on this page' })).toBeEnabled();
    // A waiting payout offers Approve and Cancel; an approved one the moves after it.
    expect(
      within(screen.getByTestId('payout-row-13'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Approve', 'Cancel']);
    expect(
      within(row)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Mark processing', 'Mark paid', 'Mark failed', 'Cancel']);

    fireEvent.click(within(row).getByRole('button', { name: 'Mark paid: payout 12' }));
    const dialog = await screen.findByRole('dialog', { name: /Mark paid: #12 Headset for luckylou/ });
    fireEvent.change(within(dialog).getByLabelText('Transaction id or hash'), { target: { value: '0xabc' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(toasts(store)).toContain('error: Payout #12 is already Paid: deputy changed it first. Reload to see it.'));
    const sent = requests.find((r) => r.url === '/api/admin/payouts/12/status')!;
    expect(JSON.parse(String(sent.body))).toEqual({ from: 'approved', to: 'paid', proof_reference: '0xabc' });
  });
});
