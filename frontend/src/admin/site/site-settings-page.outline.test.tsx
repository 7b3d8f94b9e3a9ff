import { fireEvent, screen } from '@testing-library/react';
import { mockFetch } from '../../test/fetch-polyfill';
import { fieldLimits, screenOutline } from '../../test/screen-outline';
import { adminSettings } from '../../test/site-settings-fixtures';
import SiteSettingsPage from './site-settings-page';
import * as outline from '../testing/outline-steps';

// What a person meets on the screen, recorded before its fields read the contract and compared since.
describe('Site settings screen outline', () => {
  it('the form, its limits, and its errors', async () => {
    mockFetch(({ url, method }) =>
      url === '/api/admin/settings' && method === 'GET' ? { body: { success: true, data: adminSettings } } : undefined,
    );
    outline.renderAsAdmin(<SiteSettingsPage />);
    await screen.findByLabelText('Site name');
    expect(screenOutline()).toMatchSnapshot('form');
    expect(fieldLimits()).toMatchSnapshot('limits');
    fireEvent.change(screen.getByLabelText('Site name'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Casino 1 label'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Powered by URL'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show logo in navigation' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await screen.findByText('Must be a full http(s) URL');
    expect(screenOutline()).toMatchSnapshot('errors');
  });
});
