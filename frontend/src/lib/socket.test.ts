import { createdSockets, type FakeSocket } from '../test/socket-io-client-stub';
import { getSocket, joinRoom, onServerEvent, resetSocketForTests } from './socket';

describe('socket client', () => {
  beforeEach(() => {
    resetSocketForTests();
    createdSockets.length = 0;
  });

  it('opens one connection on the same origin with websocket first and credentials', async () => {
    const [first, second] = await Promise.all([getSocket(), getSocket()]);
    expect(first).toBe(second);
    expect(createdSockets).toHaveLength(1);
    expect(createdSockets[0]!.options).toEqual({ path: '/socket.io', transports: ['websocket', 'polling'], withCredentials: true });
  });

  it('joins a room once for several screens and leaves when the last one is gone', async () => {
    const socket = (await getSocket()) as unknown as FakeSocket;
    socket.serverConnect();
    const leaveA = joinRoom('raffle:1');
    const leaveB = joinRoom('raffle:1');
    expect(socket.emitted).toEqual([['room:join', 'raffle:1']]);
    leaveA();
    leaveA();
    expect(socket.emitted).toHaveLength(1);
    leaveB();
    expect(socket.emitted).toEqual([
      ['room:join', 'raffle:1'],
      ['room:leave', 'raffle:1'],
    ]);
  });

  it('joins wanted rooms when the connection (re)opens', async () => {
    const socket = (await getSocket()) as unknown as FakeSocket;
    joinRoom('site');
    expect(socket.emitted).toEqual([]);
    socket.serverConnect();
    expect(socket.emitted).toEqual([['room:join', 'site']]);
    socket.serverConnect();
    expect(socket.emitted).toEqual([
      ['room:join', 'site'],
      ['room:join', 'site'],
    ]);
  });

  it('delivers server events until unsubscribed', async () => {
    const socket = (await getSocket()) as unknown as FakeSocket;
    const handler = jest.fn();
    const off = onServerEvent('site:updated', handler);
    socket.serverEmit('site:updated', { at: 'now' });
    off();
    socket.serverEmit('site:updated', { at: 'later' });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith({ at: 'now' });
  });

  it('joins a room and delivers events asked for before socket.io-client has loaded, once the connection opens', async () => {
    const heard = jest.fn();
    joinRoom('raffle:3');
    onServerEvent('site:updated', heard);
    const releasedEarly = joinRoom('raffle:4');
    releasedEarly();
    expect(createdSockets).toHaveLength(0);

    const socket = (await getSocket()) as unknown as FakeSocket;
    expect(createdSockets).toEqual([socket]);
    socket.serverConnect();
    expect(socket.emitted).toEqual([['room:join', 'raffle:3']]);
    socket.serverEmit('site:updated', { at: 'now' });
    expect(heard).toHaveBeenCalledWith({ at: 'now' });
  });
});
