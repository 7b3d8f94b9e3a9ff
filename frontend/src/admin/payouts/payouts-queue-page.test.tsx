import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminPayout, PayoutStatus } from '@kickback/contracts';
import { resetSocketForTests } from '../../lib/socket';
import { mockFetch, SERVER_ERROR, type TestRequest } from '../../test/fetch-polyfill';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import PayoutsQueuePage from './payouts-queue-page';

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
    const requests: TestRequest[] = [];
    mockFetch((request) => {
      requests.push(request);
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

  it('marks paid with a screenshot uploaded first, fails for good and cancels with reasons, approves the page in bulk and saves the settings', async () => {
    const rows = [
      payout(20, 'approved'),
      payout(21, 'processing'),
      payout(22, 'waiting_approval'),
      payout(23, 'waiting_approval', { source: 'race', recipient: { user: null, casino_username: 'quietQuinn', name: 'quietQuinn' } }),
    ];
    const requests: TestRequest[] = [];
    mockFetch((request) => {
      requests.push(request);
      const { url, method } = request;
      if (url.startsWith('/api/admin/payouts?'))
        return {
          body: {
            success: true,
            data: rows,
            pagination: { current_page: 1, last_page: 1, per_page: 25, total: rows.length },
            overdue_total: 0,
            promise_hours: 72,
          },
        };
      if (url === '/api/admin/payouts/settings' && method === 'GET')
        return { body: { success: true, data: { promise_hours: 72, show_pending_total: false, proof_public_sources: ['raffle'] } } };
      if (url === '/api/admin/payouts/settings' && method === 'PUT')
        return { body: { success: true, data: JSON.parse(String(request.body)) } };
      if (url === '/api/admin/payouts/20/proof-image') return { body: { success: true, data: rows[0] } };
      if (url.endsWith('/status')) return { body: { success: true, data: rows[0] } };
      if (url === '/api/admin/payouts/bulk-approve')
        return {
          body: { success: true, message: '1 payout approved; 1 changed by someone else first.', data: { approved: [22], skipped: [23] } },
        };
      return undefined;
    });
    const { store } = renderWithProviders(<PayoutsQueuePage />, { user: adminFixture, route: '/?status=all' });
    const sent = (url: string) => requests.filter((r) => r.url === url && r.method === 'POST');

    // Paid with a screenshot only: the image goes first, then the move, which names no other proof.
    fireEvent.click(await screen.findByRole('button', { name: 'Mark paid: payout 20' }));
    const paid = await screen.findByRole('dialog', { name: /Mark paid: #20/ });
    const shot = new File([new Uint8Array([137, 80, 78, 71])], 'proof.png', { type: 'image/png' });
    fireEvent.change(within(paid).getByLabelText('Screenshot'), { target: { files: [shot] } });
    fireEvent.click(within(paid).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(toasts(store)).toContain('success: Payout #20 is now Paid.'));
    const upload = requests.findIndex((r) => r.url === '/api/admin/payouts/20/proof-image');
    const move = requests.findIndex((r) => r.url === '/api/admin/payouts/20/status');
    expect([upload >= 0, upload < move]).toEqual([true, true]);
    expect((requests[upload]!.body as FormData).get('file')).toBeInstanceOf(File);
    expect(JSON.parse(String(requests[move]!.body))).toEqual({ from: 'approved', to: 'paid' });

    // Failed for good, with the reason.
    fireEvent.click(screen.getByRole('button', { name: 'Mark failed: payout 21' }));
    const failed = await screen.findByRole('dialog', { name: /Mark failed: #21/ });
    fireEvent.change(within(failed).getByLabelText(/Reason/), { target: { value: 'Wallet closed' } });
    fireEvent.click(within(failed).getByLabelText('It can be tried again'));
    fireEvent.click(within(failed).getByRole('button', { name: 'Mark failed' }));
    await waitFor(() => expect(sent('/api/admin/payouts/21/status')).toHaveLength(1));
    expect(JSON.parse(String(sent('/api/admin/payouts/21/status')[0]!.body))).toEqual({
      from: 'processing',
      to: 'failed',
      reason: 'Wallet closed',
      retryable: false,
    });

    // Cancelled, with the reason.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel: payout 23' }));
    const cancelled = await screen.findByRole('dialog', { name: /Cancel payout: #23 .* for quietQuinn/ });
    fireEvent.change(within(cancelled).getByLabelText(/Reason/), { target: { value: 'Duplicate account' } });
    fireEvent.click(within(cancelled).getByRole('button', { name: 'Cancel payout' }));
    await waitFor(() => expect(sent('/api/admin/payouts/23/status')).toHaveLength(1));
    expect(JSON.parse(String(sent('/api/admin/payouts/23/status')[0]!.body))).toEqual({
      from: 'waiting_approval',
      to: 'cancelled',
      reason: 'Duplicate account',
    });

    // Bulk approval sends this page's waiting payouts and says what the server says (one moved first by someone else).
    fireEvent.click(screen.getByRole('button', { name: 'Approve 2 waiting on this page' }));
    await waitFor(() => expect(toasts(store)).toContain('success: 1 payout approved; 1 changed by someone else first.'));
    expect(JSON.parse(String(sent('/api/admin/payouts/bulk-approve')[0]!.body))).toEqual({ ids: [22, 23] });

    // The streamer's promise, the owed figure on home and where proof is public.
    fireEvent.click(screen.getByText('Payout settings'));
    fireEvent.change(screen.getByLabelText('Promise (hours before a payout is flagged)'), { target: { value: '48' } });
    fireEvent.click(screen.getByLabelText('Show what is still owed beside Total Given Away on the home page'));
    fireEvent.click(screen.getByLabelText('Wager race'));
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(toasts(store)).toContain('success: Payout settings saved.'));
    const put = requests.find((r) => r.url === '/api/admin/payouts/settings' && r.method === 'PUT')!;
    expect(JSON.parse(String(put.body))).toEqual({ promise_hours: 48, show_pending_total: true, proof_public_sources: ['raffle', 'race'] });
  });

  it('says so when the payout settings cannot be read', async () => {
    mockFetch((request) => {
      if (request.url.startsWith('/api/admin/payouts?'))
        return {
          body: {
            success: true,
            data: [],
            pagination: { current_page: 1, last_page: 1, per_page: 25, total: 0 },
            overdue_total: 0,
            promise_hours: 72,
          },
        };
      if (request.url === '/api/admin/payouts/settings') return SERVER_ERROR;
      return undefined;
    });
    renderWithProviders(<PayoutsQueuePage />, { user: adminFixture });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the payout settings.');
  });
});
