import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockFetch, type TestRequest } from '../../test/fetch-polyfill';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ArchivePanel } from './go-live-archive';

describe('ArchivePanel', () => {
  it('archives the chosen kinds after a confirmation that says what stays, and toasts the count', async () => {
    const requests: TestRequest[] = [];
    mockFetch((r) => {
      if (r.url === '/api/admin/archive' && r.method === 'GET') return { body: { success: true, data: [] } };
      requests.push(r);
      if (r.url === '/api/admin/archive')
        return {
          body: {
            success: true,
            data: { raffles: 2, hunts: 1, tournaments: 0, store_items: 0 },
            message: 'Archived 2 ended raffles and 1 completed hunt. Their pages and winners stay.',
          },
        };
      return undefined;
    });
    const { store } = renderWithProviders(<ArchivePanel />, { user: adminFixture });
    fireEvent.click(screen.getByLabelText('Finished tournaments'));
    fireEvent.click(screen.getByLabelText('Sold-out store items'));
    fireEvent.click(screen.getByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive what is over?' });
    expect(dialog).toHaveTextContent('Drawn and cancelled raffles, Completed hunts leave');
    expect(dialog).toHaveTextContent('Their pages, draw verification and winners stay.');
    expect(requests).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() =>
      expect(store.getState().toasts.items.map((t) => t.message)).toContain(
        'Archived 2 ended raffles and 1 completed hunt. Their pages and winners stay.',
      ),
    );
    expect(JSON.parse(String(requests[0]!.body))).toEqual({ kinds: ['raffles', 'hunts'] });
  });

  it('offers nothing to archive when no kind is chosen', () => {
    renderWithProviders(<ArchivePanel />, { user: adminFixture });
    for (const label of ['Drawn and cancelled raffles', 'Completed hunts', 'Finished tournaments', 'Sold-out store items'])
      fireEvent.click(screen.getByLabelText(label));
    expect(screen.getByRole('button', { name: 'Archive' })).toBeDisabled();
  });

  it("lists what is archived, newest first, and restores one row with the server's words", async () => {
    let archived = [
      { kind: 'raffles', id: 7, title: 'Friday $50', archived_at: '2026-11-27T20:00:00Z' },
      { kind: 'store_items', id: 3, title: 'Sold-out cap', archived_at: '2026-11-27T19:00:00Z' },
    ];
    const restores: TestRequest[] = [];
    mockFetch((r) => {
      if (r.url === '/api/admin/archive' && r.method === 'GET') return { body: { success: true, data: archived } };
      if (r.url === '/api/admin/archive/restore') {
        restores.push(r);
        archived = archived.filter((row) => row.id !== 7);
        return { body: { success: true, data: { id: 7, title: 'Friday $50' }, message: 'Friday $50 is listed again.' } };
      }
      return undefined;
    });
    const { store } = renderWithProviders(<ArchivePanel />, { user: adminFixture });
    expect(await screen.findByText('Archived (2)')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Archived' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Raffle: Friday $50'), expect.stringContaining('Store item: Sold-out cap')]);
    fireEvent.click(within(list).getByRole('button', { name: 'Restore Friday $50' }));
    await waitFor(() => expect(store.getState().toasts.items.map((t) => t.message)).toContain('Friday $50 is listed again.'));
    expect(JSON.parse(String(restores[0]!.body))).toEqual({ kind: 'raffles', id: 7 });
    expect(await screen.findByText('Archived (1)')).toBeInTheDocument();
  });

  it('says so when nothing is archived', async () => {
    mockFetch((r) => (r.url === '/api/admin/archive' ? { body: { success: true, data: [] } } : undefined));
    renderWithProviders(<ArchivePanel />, { user: adminFixture });
    expect(await screen.findByText('Nothing is archived.')).toBeInTheDocument();
  });
});
