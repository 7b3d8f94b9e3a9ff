import type { Socket } from 'socket.io';
import { SocketEventLimits, type SocketEventPolicy } from './socket-event-limits';

const policy: SocketEventPolicy = {
  membersOnly: true,
  perConnection: { limit: 3, windowMs: 60_000 },
  perMember: { limit: 5, windowMs: 60_000 },
  refusal: (status) => ({ refused: status }),
};
const open: SocketEventPolicy = { ...policy, membersOnly: false };

function harness(member: number | null) {
  let now = 1_000;
  const limits = new SocketEventLimits({ 'x:member': policy, 'room:join': open }, () => now);
  const emitted: unknown[] = [];
  const socket = { emit: (_event: string, payload: unknown) => emitted.push(payload) } as unknown as Socket;
  const send = (middleware: ReturnType<SocketEventLimits['middleware']>, event: string, payload: unknown = {}) => {
    const acks: unknown[] = [];
    let passed = false;
    middleware([event, payload, (answer: unknown) => acks.push(answer)], () => (passed = true));
    return { passed, ack: acks[0] };
  };
  return { limits, socket, emitted, send, connect: () => limits.middleware(socket, () => member), later: (ms: number) => (now += ms) };
}

describe('SocketEventLimits', () => {
  afterEach(() => jest.useRealTimers());

  it('answers a visitor’s member event at once, without reading its payload', () => {
    const h = harness(null);
    const payload = new Proxy(
      {},
      {
        get: () => {
          throw new Error('payload read');
        },
        ownKeys: () => {
          throw new Error('payload read');
        },
      },
    );
    expect(h.send(h.connect(), 'x:member', payload)).toEqual({ passed: false, ack: { refused: 401 } });
    h.limits.close();
  });

  it('counts per connection and per member, and a new window starts afresh', () => {
    const h = harness(7);
    const first = h.connect();
    const second = h.connect();
    const results = Array.from({ length: 5 }, () => h.send(first, 'x:member').passed);
    expect(results).toEqual([true, true, true, false, false]);
    // The member's two other messages of the minute are left for the second connection, then it is refused too.
    expect(Array.from({ length: 3 }, () => h.send(second, 'x:member').passed)).toEqual([true, true, false]);
    expect(h.send(second, 'x:member').ack).toEqual({ refused: 429 });
    h.later(60_000);
    expect(h.send(first, 'x:member').passed).toBe(true);
    h.limits.close();
  });

  it('lets a connection send only a burst at once, then at the average pace', () => {
    const h = harness(7);
    let now = 0;
    const beat = { ...policy, perConnection: { limit: 60, windowMs: 60_000, burst: 2 }, perMember: { limit: 1000, windowMs: 60_000 } };
    const limits = new SocketEventLimits({ beat }, () => now);
    const socket = limits.middleware(h.socket, () => 7);
    const send = () => {
      let passed = false;
      socket(['beat', {}, () => undefined], () => (passed = true));
      return passed;
    };
    expect([send(), send(), send()]).toEqual([true, true, false]);
    now += 999;
    expect(send()).toBe(false);
    now += 1;
    expect([send(), send()]).toEqual([true, false]);
    now += 60_000;
    expect([send(), send(), send()]).toEqual([true, true, false]);
    limits.close();
    h.limits.close();
  });

  it('drops unknown events, and answers a refused room event with room:error', () => {
    const h = harness(null);
    const socket = h.connect();
    expect(h.send(socket, 'no:such').passed).toBe(false);
    for (let i = 0; i < 3; i++) socket(['room:join', 'site'], () => undefined);
    let passed = false;
    socket(['room:join', 'site'], () => (passed = true));
    expect(passed).toBe(false);
    expect(h.emitted).toEqual([{ refused: 429 }]);
    h.limits.close();
  });

  it('drops each member’s window once its minute is over, so quiet members leave no entries', () => {
    jest.useFakeTimers();
    const h = harness(null);
    const perMember = (h.limits as unknown as { perMember: Map<string, Map<number, unknown>> }).perMember;
    for (let member = 1; member <= 500; member++)
      h.send(
        h.limits.middleware(h.socket, () => member),
        'x:member',
      );
    expect(perMember.get('x:member')?.size).toBe(500);
    h.later(60_000);
    jest.advanceTimersByTime(60_000);
    expect(perMember.get('x:member')?.size).toBe(0);
    h.limits.close();
  });
});
