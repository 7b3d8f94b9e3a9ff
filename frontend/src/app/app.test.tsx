import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { mockFetch } from '../test/fetch-polyfill';
import { memberFixture, settingsFixture } from '../test/fixtures';
import { readPageData } from '../lib/page-data';
import { App } from './app';
import { makeStoreFromPageData } from './store';

jest.mock('../lib/http', () => ({
  ...jest.requireActual('../lib/http'),
  fullPageLoad: jest.fn(),
}));
const { fullPageLoad } = jest.requireMock('../lib/http') as { fullPageLoad: jest.Mock };

async function renderAppAt(path: string, user = memberFixture as typeof memberFixture | null) {
  window.history.pushState({}, '', path);
  const store = makeStoreFromPageData(
    readPageData({ user, csrfToken: 'csrf-1', settings: settingsFixture, affiliates: [], leaderboard: null }),
  );
  render(<App store={store} />);
  // Past the 100 ms reveal delay and the lazy route chunk.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 150));
  });
  return store;
}

describe('App shell', () => {
  beforeEach(() => {
    window.localStorage.setItem('cookie_consent', 'accepted');
    mockFetch((request) =>
      request.url === '/api/r/stats/total-given-away' ? { body: { success: true, total: 10, formatted_total: '$10.00' } } : undefined,
    );
  });
  afterEach(() => window.localStorage.clear());

  it('renders the home page inside the shell with header and footer', async () => {
    await renderAppAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Spin City' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('Slots, hunts and giveaways every night.')).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: /Kickback/ })).toHaveAttribute('href', 'https://kickback.example');
    expect(within(footer).getByRole('link', { name: /Kickback/ })).toHaveAttribute('target', '_blank');
    expect(document.title).toBe('Spin City');
    expect(document.documentElement.style.getPropertyValue('--color-primary')).toBe('#C66A35');
    // The stat answers at the top level (SPEC §7), not in `data`: the hero still shows it.
    expect(await screen.findByText('$10.00')).toHaveClass('hero__stat-value');
  });

  it('shows a real 404 page for unknown routes', async () => {
    await renderAppAt('/definitely/not/here');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });

  it('asks anonymous visitors to log in on settings and tickets', async () => {
    await renderAppAt('/settings', null);
    expect(await screen.findByRole('heading', { name: 'Authentication Required' })).toBeInTheDocument();
    expect(screen.getByText('Please log in to access your settings.')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('sends /profile to the own profile when logged in', async () => {
    mockFetch((request) =>
      request.url === '/api/r/user/lucky_lou'
        ? {
            body: {
              success: true,
              data: {
                id: 7,
                username: 'lucky_lou',
                display_name: 'Lucky Lou',
                level: 1,
                rank: 999,
                xp: 0,
                points: 0,
                is_own_profile: true,
              },
            },
          }
        : undefined,
    );
    await renderAppAt('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lucky Lou' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/profile/lucky_lou');
  });

  it('sends anonymous /profile visitors to the login page with a full page load', async () => {
    await renderAppAt('/profile', null);
    expect(fullPageLoad).toHaveBeenCalledWith('/login', true);
  });

  it('hands /admin-new back to the server when reached by client-side navigation', async () => {
    await renderAppAt('/');
    // A back/forward step onto the URL, as the router sees it after any in-app navigation.
    await act(async () => {
      window.history.pushState({ usr: null, key: 'nav1', idx: 1 }, '', '/admin-new/affiliates');
      window.dispatchEvent(new PopStateEvent('popstate', { state: { usr: null, key: 'nav1', idx: 1 } }));
    });
    expect(fullPageLoad).toHaveBeenCalledWith('/admin-new/affiliates', true);
  });

  it('does not reload in a loop when the SPA itself was served for /login', async () => {
    await renderAppAt('/login');
    expect(fullPageLoad).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Continue to Login' })).toHaveAttribute('href', '/login');
  });

  it('logs out with the CSRF header, then reloads on /', async () => {
    const fetchMock = mockFetch((request) => (request.url === '/logout' ? { body: {} } : { body: { success: true, formatted_total: '' } }));
    await renderAppAt('/');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    });
    const logout = fetchMock.mock.calls.map(([input, init]) => ({ input, init })).find(({ input }) => input === '/logout');
    expect(logout?.init).toMatchObject({ method: 'POST', credentials: 'same-origin', headers: { 'X-CSRF-TOKEN': 'csrf-1' } });
    expect(fullPageLoad).toHaveBeenCalledWith('/');
  });
});
