import { waitFor } from '@testing-library/react';
import { makeStoreFromPageData } from '../app/store';
import { mockFetch } from '../test/fetch-polyfill';
import { settingsFixture } from '../test/fixtures';
import { createdSockets, type FakeSocket } from '../test/socket-io-client-stub';
import { readPageData } from './page-data';
import { normalizeSettings, siteApi } from './site-api';
import { resetSocketForTests } from './socket';

describe('site settings cache', () => {
  beforeEach(() => {
    resetSocketForTests();
    createdSockets.length = 0;
  });

  it('starts from the injected settings, joins the site room and refetches on site:updated', async () => {
    const store = makeStoreFromPageData(
      readPageData({ user: null, csrfToken: 't', settings: settingsFixture, affiliates: [], leaderboard: null }),
    );
    const subscription = store.dispatch(siteApi.endpoints.getSiteSettings.initiate());
    expect(siteApi.endpoints.getSiteSettings.select()(store.getState()).data?.site_name).toBe('Spin City');

    await waitFor(() => expect(createdSockets).toHaveLength(1));
    const socket = createdSockets[0] as FakeSocket;
    socket.serverConnect();
    expect(socket.emitted).toContainEqual(['room:join', 'site']);

    const fetchMock = mockFetch((request) =>
      request.url === '/api/r/settings' ? { body: { success: true, data: { ...settingsFixture, site_name: 'Renamed' } } } : undefined,
    );
    socket.serverEmit('site:updated', { at: '2026-11-22T12:00:00Z' });
    await waitFor(() => expect(siteApi.endpoints.getSiteSettings.select()(store.getState()).data?.site_name).toBe('Renamed'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    subscription.unsubscribe();
  });
});

describe('normalizeSettings', () => {
  it('fills every gap with the product defaults', () => {
    const settings = normalizeSettings(null);
    expect(settings.site_name).toBe('Kickback');
    expect(settings.site_description).toBe('Watch the stream, earn points, win prizes.');
    expect(settings.theme.primary_color).toBe('#C66A35');
    expect(settings.theme.secondary_color).toBe('#f63f03');
    expect(settings.theme.accent_color).toBe('#f4a460');
    expect(settings.theme.nav_background_color).toBe('#0f0805');
  });

  it('keeps given values and repairs a partial theme', () => {
    const settings = normalizeSettings({ site_name: 'Spin City', theme: { primary_color: '#123456' } as never });
    expect(settings.site_name).toBe('Spin City');
    expect(settings.theme.primary_color).toBe('#123456');
    expect(settings.theme.loader_style).toBe('bar');
  });
});
