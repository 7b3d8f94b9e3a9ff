import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { CurrentUser, MemberSettings, MemberSettingsUser } from '@kickback/contracts';
import { type TestRequest } from '../../../test/fetch-polyfill';
import { recordFetches } from '../../../test/fetch-mocks';
import { memberFixture } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { fullPageNavigation } from '../full-page-navigation';
import SettingsPage from './settings-page';

const settings = (overrides: Partial<MemberSettings> = {}): MemberSettings => ({
  bio: 'Slots every night.',
  crypto: 'lou_stake',
  crypto2: null,
  crypto3: null,
  twitter_user: 'lou',
  instagram_user: null,
  youtube_user: null,
  tiktok_user: null,
  kick_username: 'luckylou',
  kick_connected: true,
  ...overrides,
});

const userAnswer = (s: MemberSettings): MemberSettingsUser => ({ ...memberFixture, ...s });
const noKick: CurrentUser = { ...memberFixture, kick_username: null };

type Answer = { status?: number; body: unknown } | undefined;

function serve(initial: MemberSettings, post: (request: TestRequest) => Answer = () => undefined) {
  const requests = recordFetches((request) => {
    if (request.url === '/api/r/profile/settings') return { body: { success: true, data: initial } };
    if (request.method === 'POST') return post(request);
    return undefined;
  });
  return requests;
}

const bodyOf = (request: TestRequest) => JSON.parse(String(request.body));
const toasts = (store: { getState: () => unknown }) =>
  (store.getState() as { toasts: { items: { type: string; message: string }[] } }).toasts.items.map((t) => `${t.type}: ${t.message}`);
const sessionUser = (store: { getState: () => unknown }) => (store.getState() as { session: { user: CurrentUser } }).session.user;

describe('SettingsPage', () => {
  it('asks anonymous visitors to log in', () => {
    renderWithProviders(<SettingsPage />, { user: null, route: '/settings' });
    expect(screen.getByRole('heading', { name: 'Authentication Required' })).toBeInTheDocument();
    expect(screen.getByText('Please log in to access your settings.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('profile tab: live n/500 counter, saves the bio with the CSRF header and shows the SPEC toast', async () => {
    const requests = serve(settings(), (request) =>
      request.url === '/api/r/profile/update'
        ? { body: { success: true, message: 'Profile updated successfully!', user: userAnswer(settings({ bio: 'New bio' })) } }
        : undefined,
    );
    const { store } = renderWithProviders(<SettingsPage />, { user: memberFixture, route: '/settings' });
    const bio = await screen.findByLabelText('Bio');
    expect(bio).toHaveValue('Slots every night.');
    expect(screen.getByTestId('bio-counter')).toHaveTextContent('18/500');
    fireEvent.change(bio, { target: { value: 'New bio' } });
    expect(screen.getByTestId('bio-counter')).toHaveTextContent('7/500');
    fireEvent.change(bio, { target: { value: 'x'.repeat(600) } });
    expect(screen.getByTestId('bio-counter')).toHaveTextContent('500/500');
    fireEvent.change(bio, { target: { value: 'New bio' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    await waitFor(() => expect(toasts(store)).toContain('success: Profile updated successfully!'));
    const update = requests.find((r) => r.url === '/api/r/profile/update')!;
    expect(bodyOf(update)).toEqual({ bio: 'New bio' });
    expect(update.headers.get('x-csrf-token')).toBe('csrf-test-token');
  });

  it('connections tab: casino inputs use the site labels, failures show the server message and field errors', async () => {
    serve(settings(), () => ({
      status: 422,
      body: {
        success: false,
        message: 'The given data was invalid.',
        errors: { crypto2: ['The casino username 2 may only contain letters.'] },
      },
    }));
    const { store } = renderWithProviders(<SettingsPage />, { user: memberFixture, route: '/settings?tab=connections' });
    expect(await screen.findByLabelText('Stake')).toHaveValue('lou_stake');
    expect(screen.getByLabelText('Roobet')).toHaveValue('');
    expect(screen.getByLabelText('Gamdom')).toHaveValue('');
    expect(screen.getByTestId('kick-username')).toHaveTextContent('luckylou');
    fireEvent.change(screen.getByLabelText('Roobet'), { target: { value: 'bad;name' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Connections' }));
    await waitFor(() => expect(toasts(store)).toContain('error: The given data was invalid.'));
    expect(screen.getByText('The casino username 2 may only contain letters.')).toBeInTheDocument();
  });

  it('social tab: fallback failure text without a server message, and the exception text without an answer', async () => {
    let answer: Answer = { status: 500, body: {} };
    serve(settings(), () => answer);
    const { store } = renderWithProviders(<SettingsPage />, { user: memberFixture, route: '/settings?tab=social' });
    expect(await screen.findByLabelText('Twitter')).toHaveValue('lou');
    fireEvent.click(screen.getByRole('button', { name: 'Save Social Links' }));
    await waitFor(() => expect(toasts(store)).toContain('error: Failed to update social media links'));
    answer = undefined;
    fireEvent.click(screen.getByRole('button', { name: 'Save Social Links' }));
    await waitFor(() => expect(toasts(store)).toContain('error: An error occurred while updating social media links'));
  });

  it('disconnecting Kick (after a confirmation) updates the block and the session user that raffles read', async () => {
    const requests = serve(settings(), (request) =>
      request.url === '/api/r/profile/disconnect-kick'
        ? {
            body: {
              success: true,
              message: 'Kick account disconnected successfully!',
              user: userAnswer(settings({ kick_username: null, kick_connected: false })),
            },
          }
        : undefined,
    );
    const { store } = renderWithProviders(<SettingsPage />, { user: memberFixture, route: '/settings?tab=connections' });
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnect' }));
    // Asked twice: Cancel keeps the link and sends nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(requests.some((r) => r.url === '/api/r/profile/disconnect-kick')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, disconnect' }));
    expect(await screen.findByRole('button', { name: 'Connect Kick' })).toBeInTheDocument();
    expect(toasts(store)).toContain('success: Kick account disconnected successfully!');
    expect(sessionUser(store).kick_username).toBeNull();
  });

  it('Connect Kick leaves the app for /auth/kick', async () => {
    const go = jest.spyOn(fullPageNavigation, 'go').mockImplementation(() => undefined);
    serve(settings({ kick_username: null, kick_connected: false }));
    renderWithProviders(<SettingsPage />, { user: noKick, route: '/settings?tab=connections' });
    fireEvent.click(await screen.findByRole('button', { name: 'Connect Kick' }));
    expect(go).toHaveBeenCalledWith('/auth/kick');
  });

  it('without Kick and without a tab, moves to Connections after 0.5 s with the nudge', async () => {
    jest.useFakeTimers();
    try {
      serve(settings({ kick_username: null, kick_connected: false }));
      const { store } = renderWithProviders(<SettingsPage />, { user: noKick, route: '/settings' });
      await act(async () => {
        await jest.advanceTimersByTimeAsync(400);
      });
      expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
      await act(async () => {
        await jest.advanceTimersByTimeAsync(150);
      });
      expect(screen.getByRole('tab', { name: 'Connections' })).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByTestId('kick-nudge')).toHaveTextContent('Connect your Kick account to continue');
      expect(toasts(store)).toContain('warning: Connect your Kick account to continue');
    } finally {
      jest.useRealTimers();
    }
  });

  it('does not nudge when a tab is asked for or Kick is linked', async () => {
    jest.useFakeTimers();
    try {
      serve(settings({ kick_username: null, kick_connected: false }));
      const { unmount } = renderWithProviders(<SettingsPage />, { user: noKick, route: '/settings?tab=social' });
      await act(async () => {
        await jest.advanceTimersByTimeAsync(1000);
      });
      expect(screen.getByRole('tab', { name: 'Social Media' })).toHaveAttribute('aria-selected', 'true');
      unmount();
      serve(settings());
      renderWithProviders(<SettingsPage />, { user: memberFixture, route: '/settings' });
      await act(async () => {
        await jest.advanceTimersByTimeAsync(1000);
      });
      expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
      expect(screen.queryByTestId('kick-nudge')).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it('highlight=kick pulses the Kick block for 3 s', async () => {
    jest.useFakeTimers();
    try {
      serve(settings());
      renderWithProviders(<SettingsPage />, { user: memberFixture, route: '/settings?tab=connections&highlight=kick' });
      await act(async () => {
        await jest.advanceTimersByTimeAsync(200);
      });
      expect(screen.getByTestId('kick-connection')).toHaveClass('settings-kick--pulse');
      await act(async () => {
        await jest.advanceTimersByTimeAsync(3000);
      });
      expect(screen.getByTestId('kick-connection')).not.toHaveClass('settings-kick--pulse');
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows the OAuth callback error once as a toast', async () => {
    serve(settings({ kick_username: null, kick_connected: false }));
    const { store } = renderWithProviders(<SettingsPage />, { user: noKick, route: '/settings?tab=connections&error=linked' });
    await screen.findByRole('button', { name: 'Connect Kick' });
    expect(toasts(store)).toEqual(['error: That Kick account is already linked to another user.']);
  });
});
