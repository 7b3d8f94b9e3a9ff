import type { FakeSocket } from '../test/socket-io-client-stub';
import { followLive } from './live-cache';
import { getSocket, resetSocketForTests } from './socket';

/** A cache entry's lifecycle as RTK Query hands it to onCacheEntryAdded, with the two moments under test control. */
function lifecycle<T>() {
  let load!: (value: { data: T }) => void;
  let fail!: (err: unknown) => void;
  let remove!: () => void;
  const cacheDataLoaded = new Promise<{ data: T }>((resolve, reject) => {
    load = resolve;
    fail = reject;
  });
  const cacheEntryRemoved = new Promise<void>((resolve) => (remove = resolve));
  return { cacheDataLoaded, cacheEntryRemoved, load, fail, remove };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('followLive', () => {
  let socket: FakeSocket;
  beforeEach(async () => {
    resetSocketForTests();
    socket = (await getSocket()) as unknown as FakeSocket;
    socket.serverConnect();
  });

  it('joins the rooms and listens once the data is there, and releases both when the entry goes', async () => {
    const entry = lifecycle<{ id: number }>();
    const heard: unknown[] = [];
    const done = followLive(entry, (live) => {
      live.join(`raffle:${live.data.id}`);
      live.join(null);
      live.on('raffle:entries', (push) => heard.push(push.total_entries));
    });
    socket.serverEmit('raffle:entries', { raffle_id: 7, total_entries: 1, participants_count: 1, entries: [] });
    expect(socket.emitted).toEqual([]);
    entry.load({ data: { id: 7 } });
    await flush();
    expect(socket.emitted).toEqual([['room:join', 'raffle:7']]);
    socket.serverEmit('raffle:entries', { raffle_id: 7, total_entries: 2, participants_count: 1, entries: [] });
    expect(heard).toEqual([2]);

    entry.remove();
    await done;
    expect(socket.emitted).toEqual([
      ['room:join', 'raffle:7'],
      ['room:leave', 'raffle:7'],
    ]);
    socket.serverEmit('raffle:entries', { raffle_id: 7, total_entries: 3, participants_count: 1, entries: [] });
    expect(heard).toEqual([2]);
  });

  it('joins nothing for an entry removed before its data loaded', async () => {
    const entry = lifecycle<{ id: number }>();
    const setup = jest.fn();
    const done = followLive(entry, setup);
    entry.fail(new Error('aborted'));
    await done;
    expect(setup).not.toHaveBeenCalled();
    expect(socket.emitted).toEqual([]);
  });

  it('keeps its rooms across a reconnect (the socket joins wanted rooms again)', async () => {
    const entry = lifecycle<null>();
    void followLive(entry, (live) => live.join('leaderboard'));
    entry.load({ data: null });
    await flush();
    socket.serverConnect();
    expect(socket.emitted).toEqual([
      ['room:join', 'leaderboard'],
      ['room:join', 'leaderboard'],
    ]);
  });
});
