import { act, screen, waitFor, within } from '@testing-library/react';
import { levelReachedNotification } from '@kickback/contracts';
import { mockFetch } from '../../test/fetch-polyfill';
import { memberFixture, settingsFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import type { FakeSocket } from '../../test/socket-io-client-stub';
import { getSocket, resetSocketForTests } from '../../lib/socket';
import { normalizeSettings } from '../../lib/site-api';
import { SiteHeader } from './site-header';

describe('the header shows a member their points and level, live', () => {
  beforeEach(() => resetSocketForTests());

  it('reads the standing once, then follows user:points and the level-up notice without reading again', async () => {
    const level = 3;
    const reads: string[] = [];
    mockFetch((r) => {
      if (r.url !== '/api/r/points/standing') return undefined;
      reads.push(r.url);
      return { body: { success: true, data: { balance: 1200, level } } };
    });
    renderWithProviders(<SiteHeader settings={normalizeSettings(settingsFixture)} user={memberFixture} onLogout={jest.fn()} />, {
      user: memberFixture,
    });
    const standing = await screen.findByTestId('member-standing');
    expect(standing).toHaveTextContent('1,200 pts');
    expect(standing).toHaveTextContent('Lvl 3');
    expect(standing).toHaveAttribute('href', '/profile');

    const socket = (await getSocket()) as unknown as FakeSocket;
    socket.serverConnect();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    act(() => socket.serverEmit('user:points', { balance: 1100, delta: -100, reason: 'raffle.entry' }));
    await waitFor(() => expect(screen.getByTestId('member-points')).toHaveTextContent('1,100 pts'));
    expect(reads).toHaveLength(1);

    act(() => socket.serverEmit('user:notification', { type: 'success', message: 'Item redeemed successfully!' }));
    act(() => socket.serverEmit('user:notification', { type: 'success', message: levelReachedNotification(4) }));
    await waitFor(() => expect(screen.getByTestId('member-standing')).toHaveTextContent('Lvl 4'));
    expect(reads).toHaveLength(1);
  });

  it('a visitor sees no standing and reads none', () => {
    const reads: string[] = [];
    mockFetch((r) => {
      reads.push(r.url);
      return undefined;
    });
    renderWithProviders(<SiteHeader settings={normalizeSettings(settingsFixture)} user={null} onLogout={jest.fn()} />, { user: null });
    expect(within(screen.getByRole('navigation', { name: 'Main' })).queryByTestId('member-standing')).not.toBeInTheDocument();
    expect(reads).not.toContain('/api/r/points/standing');
  });
});
