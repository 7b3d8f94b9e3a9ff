import { fireEvent, screen, waitFor } from '@testing-library/react';
import { recordFetches } from '../../test/fetch-mocks';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { SlotPicker } from './slot-picker';

const toasts = (store: { getState: () => unknown }) =>
  (store.getState() as { toasts: { items: { type: string; message: string }[] } }).toasts.items.map((t) => `${t.type}: ${t.message}`);

describe('SlotPicker (the search Bonus Hunts shares with Go live)', () => {
  it('lists the catalogue before typing, refuses a bet with 3 decimals, and Enter adds the first match with its bet', async () => {
    const slot = (id: number, name: string) => ({ id, name, image_url: null, provider: { id: 1, name: 'Pragmatic Play' } });
    const requests = recordFetches((r) => {
      if (r.url === '/api/admin/hunt-catalogue/slots?search=')
        return { body: { success: true, data: [slot(1, 'Big Bass'), slot(2, 'Gates of Olympus')] } };
      if (r.url === '/api/admin/hunt-catalogue/slots?search=gates') return { body: { success: true, data: [slot(2, 'Gates of Olympus')] } };
      if (r.url === '/api/admin/bonus-hunts/4/games' && r.method === 'POST') return { body: { success: true, data: null } };
      return undefined;
    });
    const { store } = renderWithProviders(<SlotPicker huntId={4} />, { user: adminFixture });
    expect(await screen.findByRole('button', { name: 'Add Big Bass' })).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Bet ($)'), { target: { value: '1.234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Big Bass' }));
    await waitFor(() => expect(toasts(store)).toContain('error: Enter the bet with at most 2 decimals.'));
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText('Bet ($)'), { target: { value: '2.50' } });
    fireEvent.change(screen.getByLabelText('Search the catalogue'), { target: { value: 'gates' } });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Add Big Bass' })).toBeNull());
    fireEvent.submit(screen.getByLabelText('Search the catalogue'));
    await waitFor(() => expect(toasts(store)).toContain('success: Gates of Olympus added'));
    expect(JSON.parse(String(requests.find((r) => r.method === 'POST')!.body))).toEqual({ slot_id: 2, bet: '2.50' });
    expect(screen.getByLabelText('Search the catalogue')).toHaveValue('');
  });
});
