import { createdSockets } from '../test/socket-io-client-stub';
import { connectOverlay } from './overlay-socket';

describe('overlay socket', () => {
  afterEach(() => jest.useRealTimers());

  it('sends the token in the handshake auth without cookies, joins its rooms on every (re)connect and tells the overlay', () => {
    const live = connectOverlay('hunt', 'tok');
    const socket = createdSockets.at(-1)!;
    expect(socket.options).toMatchObject({ auth: { overlay: 'hunt', token: 'tok' }, withCredentials: false, path: '/socket.io' });
    const reconnected = jest.fn();
    live.onReconnect(reconnected);
    live.join('hunts');
    live.join('hunts');
    expect(socket.emitted).toEqual([]);
    socket.serverConnect();
    expect(socket.emitted).toEqual([['room:join', 'hunts']]);
    expect(reconnected).not.toHaveBeenCalled();
    live.join('hunt:4');
    expect(socket.emitted.at(-1)).toEqual(['room:join', 'hunt:4']);

    socket.serverEmit('disconnect', 'transport close');
    socket.serverConnect();
    expect(socket.emitted.slice(-2)).toEqual([
      ['room:join', 'hunts'],
      ['room:join', 'hunt:4'],
    ]);
    expect(reconnected).toHaveBeenCalledTimes(1);
    live.leave('hunt:4');
    expect(socket.emitted.at(-1)).toEqual(['room:leave', 'hunt:4']);
  });

  it('reconnects by itself after the server ends the connection (a rotated token, a restart)', () => {
    jest.useFakeTimers();
    connectOverlay('alerts', 'tok');
    const socket = createdSockets.at(-1)!;
    socket.serverConnect();
    socket.serverEmit('disconnect', 'io server disconnect');
    expect(socket.connectCalls).toBe(0);
    jest.advanceTimersByTime(3000);
    expect(socket.connectCalls).toBe(1);
  });
});
