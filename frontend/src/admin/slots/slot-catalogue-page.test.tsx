import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CatalogueSlotDetail, SlotImportPreview } from '@kickback/contracts';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import SlotCataloguePage from './slot-catalogue-page';
import { recordFetches } from '../testing/fetch-mocks';

const gates: CatalogueSlotDetail = {
  id: 7,
  name: 'Gates of Olympus',
  provider: { id: 2, name: 'Pragmatic Play' },
  image_url: null,
  rtp: [96.5, 94.5],
  volatility: 'high',
  max_win_x: 5000,
  release_date: null,
  features: ['free spins'],
  themes: [],
};

const preview: SlotImportPreview = {
  format: 'csv',
  rows_read: 2,
  created: { count: 1, rows: [{ line: 2, name: 'Sugar Rush', provider: 'Pragmatic Play' }] },
  changed: { count: 1, rows: [{ line: 3, name: 'Gates of Olympus', provider: 'Pragmatic Play', fields: ['rtp'] }] },
  unchanged: 0,
  new_providers: { count: 0, names: [] },
  duplicates: { count: 0, rows: [] },
  invalid: { count: 0, rows: [] },
};

const FILE = 'name,provider,rtp\nSugar Rush,Pragmatic Play,\nGates of Olympus,Pragmatic Play,96.5|94.5\n';

describe('SlotCataloguePage', () => {
  it('lists the search page from the URL, edits a slot with an unknown volatility sent as null, and imports after a dry run', async () => {
    const requests = recordFetches((request) => {
      if (request.method === 'GET' && request.url.startsWith('/api/admin/slots?'))
        return { body: { success: true, data: [gates], pagination: { current_page: 2, last_page: 3, per_page: 50, total: 101 } } };
      if (request.method === 'PUT') return { body: { success: true, data: { ...gates, volatility: null }, message: 'Slot saved.' } };
      if (request.url.startsWith('/api/admin/slots/import/dry-run?')) return { body: { success: true, data: preview } };
      if (request.url.startsWith('/api/admin/slots/import?'))
        return {
          body: {
            success: true,
            data: { created: 1, changed: 1, unchanged: 0, new_providers: 0 },
            message: 'Imported: 1 slot added, 1 slot changed, 0 unchanged.',
          },
        };
      return undefined;
    });
    renderWithProviders(<SlotCataloguePage />, { user: adminFixture, route: '/?search=gates&page=2' });

    const table = await screen.findByRole('table', { name: 'Catalogue slots by name' });
    expect(within(table).getByRole('rowheader', { name: 'Gates of Olympus' })).toBeInTheDocument();
    expect(within(table).getByText('96.5% / 94.5%')).toBeInTheDocument();
    expect(within(table).getByText('5,000×')).toBeInTheDocument();
    expect(screen.getByText('101 slots')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(requests[0]!.url).toBe('/api/admin/slots?search=gates&page=2');

    fireEvent.click(screen.getByRole('button', { name: 'Edit Gates of Olympus' }));
    const form = screen.getByRole('form', { name: 'Edit Gates of Olympus' });
    expect(within(form).getByLabelText('RTP (%)')).toHaveValue('96.5, 94.5');
    fireEvent.change(within(form).getByLabelText('Volatility'), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(put.url).toBe('/api/admin/slots/7');
    expect(JSON.parse(put.body as string)).toEqual({
      name: 'Gates of Olympus',
      rtp: [96.5, 94.5],
      volatility: null,
      max_win_x: 5000,
      release_date: null,
      features: ['free spins'],
      themes: [],
      image_url: null,
    });

    const file = new File([FILE], 'slots.csv', { type: 'text/csv' });
    Object.defineProperty(file, 'text', { value: () => Promise.resolve(FILE) });
    fireEvent.change(screen.getByLabelText('File'), { target: { files: [file] } });
    const dryRun = screen.getByRole('button', { name: 'Dry run' });
    await waitFor(() => expect(dryRun).toBeEnabled());
    fireEvent.click(dryRun);
    const totals = await screen.findByRole('list', { name: 'Dry run totals' });
    expect(totals).toHaveTextContent('1 new slot');
    expect(screen.getByRole('list', { name: 'Changed slots' })).toHaveTextContent('Gates of Olympus (Pragmatic Play): rtp');
    fireEvent.click(screen.getByRole('button', { name: 'Apply import' }));
    // Applied: the dry run is gone, so a second apply needs a new one.
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Dry run totals' })).toBeNull());
    const uploads = requests.filter((r) => r.method === 'POST').map((r) => r.url);
    expect(uploads).toEqual(['/api/admin/slots/import/dry-run?format=csv', '/api/admin/slots/import?format=csv']);
  });
});
