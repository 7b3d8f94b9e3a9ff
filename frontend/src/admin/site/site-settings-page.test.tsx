import { fireEvent, screen, waitFor } from '@testing-library/react';
import { adminFixture } from '../../test/fixtures';
import { adminSettings } from '../../test/site-settings-fixtures';
import { renderWithProviders } from '../../test/render';
import SiteSettingsPage from './site-settings-page';
import { recordFetches } from '../testing/fetch-mocks';

describe('SiteSettingsPage footer link', () => {
  it("edits the 'Powered by' text and URL, refusing a non-http link before saving", async () => {
    const requests = recordFetches((request) => {
      if (request.url === '/api/admin/settings' && request.method === 'GET') return { body: { success: true, data: adminSettings } };
      if (request.url === '/api/admin/settings' && request.method === 'PUT')
        return { body: { success: true, message: 'Settings saved.', data: adminSettings } };
      return undefined;
    });
    renderWithProviders(<SiteSettingsPage />, { user: adminFixture });
    const url = await screen.findByLabelText('Powered by URL');
    expect(url).toHaveValue('https://kick.com');
    expect(screen.getByLabelText('Powered by text')).toHaveValue('Kickback');

    fireEvent.change(url, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('Must be a full http(s) URL')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    fireEvent.change(url, { target: { value: 'https://streamer.example' } });
    fireEvent.change(screen.getByLabelText('Powered by text'), { target: { value: 'Streamer Co' } });
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    const body = JSON.parse(String(requests.find((r) => r.method === 'PUT')!.body));
    expect(body.powered_by).toEqual({ label: 'Streamer Co', url: 'https://streamer.example' });
  });
});
