import { fireEvent, screen } from '@testing-library/react';
import { mockFetch } from '../../test/fetch-polyfill';
import { screenOutline } from '../../test/screen-outline';
import BonusHuntsAdminPage from './bonus-hunts-admin-page';
import * as outline from '../testing/outline-steps';
import { huntDetail } from '../testing/hunt-fixtures';

const hunt = huntDetail({ predictions_active: true, prize_points: [1000, 500], predictions_count: 2 });

const page = (data: unknown[]) => ({
  body: { success: true, data, pagination: { current_page: 1, last_page: 1, per_page: 25, total: data.length } },
});

// What a person meets on the screen, recorded before its forms read the contract and compared since.
describe('Bonus Hunts screen outline', () => {
  it('the new hunt form while none runs', async () => {
    mockFetch(({ url }) => (url.startsWith('/api/admin/bonus-hunts?page=1') ? page([]) : undefined));
    outline.renderAsAdmin(<BonusHuntsAdminPage />);
    await screen.findByRole('button', { name: 'Create Hunt' });
    expect(screenOutline()).toMatchSnapshot('new hunt');
  });

  it('the running hunt: its settings, the slot search and the new slot form', async () => {
    mockFetch(({ url }) => {
      if (url.startsWith('/api/admin/bonus-hunts?page=1')) return page([hunt]);
      if (url === '/api/admin/bonus-hunts/5') return { body: { success: true, data: hunt } };
      if (url.startsWith('/api/admin/hunt-catalogue/slots')) return { body: { success: true, data: [] } };
      if (url === '/api/admin/hunt-catalogue/providers') return { body: { success: true, data: [{ id: 1, name: 'Hacksaw Gaming' }] } };
      return undefined;
    });
    outline.renderAsAdmin(<BonusHuntsAdminPage />);
    await screen.findByRole('button', { name: 'Save Settings' });
    fireEvent.click(screen.getByRole('button', { name: 'New slot…' }));
    await screen.findByRole('option', { name: 'Hacksaw Gaming' });
    expect(screenOutline()).toMatchSnapshot('running hunt');
  });
});
