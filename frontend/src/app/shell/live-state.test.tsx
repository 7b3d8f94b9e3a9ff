import { act, screen, waitFor } from '@testing-library/react';
import { mockFetch } from '../../test/fetch-polyfill';
import { memberFixture, settingsFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import type { FakeSocket } from '../../test/socket-io-client-stub';
import { getSocket, resetSocketForTests } from '../../lib/socket';
import { readPageData } from '../../lib/page-data';
import { makeStoreFromPageData } from '../store';
import { SiteHeader } from './site-header';
import { useGetLiveStateQuery } from '../../lib/live-api';
import { LiveStream } from '../../features/home/components/live-stream';

function LivePage() {
  const { data: live } = useGetLiveStateQuery();
  return (
    <>
      <SiteHeader settings={settingsFixture} user={null} onLogout={() => undefined} isLive={live?.is_live === true} />
      <LiveStream channelSlug="SpinCity" live={live} />
    </>
  );
}

describe('live state on the page', () => {
  afterEach(() => resetSocketForTests());

  it('renders the injected live state on the first render, without a request, and follows site:live', async () => {
    const fetched = mockFetch(() => undefined);
    const live = { is_live: true, started_at: new Date().toISOString(), ended_at: null };
    const store = makeStoreFromPageData(readPageData({ user: null, csrfToken: 'csrf-1', settings: settingsFixture, affiliates: [], live }));
    renderWithProviders(<LivePage />, { store });
    // Synchronous queries: the very first render is already right, there is no 'Offline' moment.
    expect(screen.getByTestId('live-badge')).toHaveTextContent('LIVE');
    expect(screen.getByTestId('home-live-status')).toHaveTextContent('LIVE');
    const socket = (await getSocket()) as unknown as FakeSocket;
    socket.serverConnect();
    await waitFor(() => expect(socket.emitted).toEqual(expect.arrayContaining([['room:join', 'site']])));
    act(() => socket.serverEmit('site:live', { is_live: false, started_at: live.started_at, ended_at: new Date().toISOString() }));
    await waitFor(() => expect(screen.getByTestId('home-live-status')).toHaveTextContent('Offline'));
    expect(screen.queryByTestId('live-badge')).not.toBeInTheDocument();
    expect(fetched).not.toHaveBeenCalled();
  });

  it('without injected data (vite dev) asks the server, then follows site:live', async () => {
    mockFetch((req) =>
      req.url.endsWith('/api/r/live') ? { body: { success: true, data: { is_live: false, started_at: null, ended_at: null } } } : undefined,
    );
    renderWithProviders(<LivePage />);
    expect(await screen.findByTestId('home-live-status')).toHaveTextContent('Offline');
    expect(screen.queryByTestId('live-badge')).not.toBeInTheDocument();
    const socket = (await getSocket()) as unknown as FakeSocket;
    socket.serverConnect();
    await waitFor(() => expect(socket.emitted).toEqual(expect.arrayContaining([['room:join', 'site']])));
    act(() => socket.serverEmit('site:live', { is_live: true, started_at: new Date().toISOString(), ended_at: null }));
    await waitFor(() => expect(screen.getByTestId('home-live-status')).toHaveTextContent('LIVE'));
    expect(screen.getByTestId('live-badge')).toHaveTextContent('LIVE');
    act(() => socket.serverEmit('site:live', { is_live: false, started_at: null, ended_at: new Date().toISOString() }));
    await waitFor(() => expect(screen.queryByTestId('live-badge')).not.toBeInTheDocument());
  });

  it("shows the stream's title and category while live, and follows them over site:live", async () => {
    mockFetch(() => undefined);
    const live = {
      is_live: true,
      started_at: new Date().toISOString(),
      ended_at: null,
      title: 'Bonus hunt #12',
      category: 'Slots & Casino',
    };
    const store = makeStoreFromPageData(readPageData({ user: null, csrfToken: 'csrf-1', settings: settingsFixture, affiliates: [], live }));
    renderWithProviders(<LivePage />, { store });
    expect(screen.getByTestId('home-live-now')).toHaveTextContent('Bonus hunt #12');
    expect(screen.getByTestId('home-live-now')).toHaveTextContent('Slots & Casino');
    const socket = (await getSocket()) as unknown as FakeSocket;
    socket.serverConnect();
    await waitFor(() => expect(socket.emitted).toEqual(expect.arrayContaining([['room:join', 'site']])));
    act(() => socket.serverEmit('site:live', { ...live, title: 'Wager race', category: null }));
    await waitFor(() => expect(screen.getByTestId('home-live-now')).toHaveTextContent('Wager race'));
    expect(screen.getByTestId('home-live-now')).not.toHaveTextContent('Slots & Casino');
    act(() => socket.serverEmit('site:live', { ...live, is_live: false, ended_at: new Date().toISOString() }));
    await waitFor(() => expect(screen.queryByTestId('home-live-now')).not.toBeInTheDocument());
  });

  it('a member watching a live stream sends visibility heartbeats; a guest sends none', async () => {
    const live = { is_live: true, started_at: new Date().toISOString(), ended_at: null };
    const socket = (await getSocket()) as unknown as FakeSocket;
    socket.ackAnswers.set('activity:heartbeat', () => ({ counted: true, awarded: 0, next_beat_seconds: 30 }));
    const guest = renderWithProviders(<LiveStream channelSlug="SpinCity" live={live} />);
    expect(socket.emitted.filter(([event]) => event === 'activity:heartbeat')).toEqual([]);
    guest.unmount();
    renderWithProviders(<LiveStream channelSlug="SpinCity" live={live} />, { user: memberFixture });
    await waitFor(() => expect(socket.emitted).toEqual(expect.arrayContaining([['activity:heartbeat', { visible: true, player: true }]])));
    expect(screen.getByText('Watching here while the stream is live earns you points.')).toBeInTheDocument();
  });
});
