import type { AppConfig } from '@kickback/platform';
import { ADDRESS_SHARE, MALFORMED, MAX_HELD_PER_CLIENT, RefusalPenalties } from './refusal-penalties';

const config = { env: { ABUSE_REFUSALS_PER_MINUTE: 3, ABUSE_HOLD_MS: 500 } } as AppConfig;

describe('RefusalPenalties', () => {
  let now: number;
  let penalties: RefusalPenalties;
  beforeEach(() => {
    jest.useFakeTimers();
    now = 1_000_000;
    penalties = new RefusalPenalties(config);
    penalties.now = () => now;
  });
  afterEach(() => {
    penalties.onModuleDestroy();
    jest.useRealTimers();
  });

  it('penalises a client past its refusals in a minute, and no other client', () => {
    for (let i = 0; i < 3; i++) penalties.record('s:a');
    expect(penalties.penalised('s:a')).toBe(false);
    penalties.record('s:a');
    expect(penalties.penalised('s:a')).toBe(true);
    expect(penalties.penalised('s:b')).toBe(false);
    expect(penalties.penalised('a:127.0.0.1')).toBe(false);
  });

  it('counts what no page sends as several refusals', () => {
    penalties.record('s:a', MALFORMED);
    expect(penalties.penalised('s:a')).toBe(false);
    penalties.record('s:a');
    expect(penalties.penalised('s:a')).toBe(true);
  });

  it('lets an address, which stands for everyone behind it who is not signed in, cause a few members’ refusals', () => {
    for (let i = 0; i < 3 * ADDRESS_SHARE; i++) penalties.record('a:203.0.113.7');
    expect(penalties.penalised('a:203.0.113.7')).toBe(false);
    penalties.record('a:203.0.113.7');
    expect(penalties.penalised('a:203.0.113.7')).toBe(true);
  });

  it('lifts the penalty when the minute that counted the refusals is over', () => {
    for (let i = 0; i < 4; i++) penalties.record('s:a');
    now += 59_999;
    expect(penalties.penalised('s:a')).toBe(true);
    now += 1;
    expect(penalties.penalised('s:a')).toBe(false);
    penalties.record('s:a');
    expect(penalties.penalised('s:a')).toBe(false);
  });

  it('answers a held request only after the hold, and drops what is past the held requests a client may have', () => {
    for (let i = 0; i < 4; i++) penalties.record('s:a');
    const answered: number[] = [];
    const dropped: number[] = [];
    for (let i = 0; i < MAX_HELD_PER_CLIENT + 3; i++)
      penalties.hold(
        's:a',
        () => answered.push(i),
        () => dropped.push(i),
      );
    expect(dropped).toEqual([MAX_HELD_PER_CLIENT, MAX_HELD_PER_CLIENT + 1, MAX_HELD_PER_CLIENT + 2]);
    jest.advanceTimersByTime(249);
    expect(answered).toEqual([]);
    jest.advanceTimersByTime(501);
    expect(answered).toHaveLength(MAX_HELD_PER_CLIENT);
    // The held slots are free again.
    penalties.hold(
      's:a',
      () => answered.push(-1),
      () => dropped.push(-1),
    );
    expect(dropped).not.toContain(-1);
  });

  it('forgets clients whose minute is over and who have nothing held, so a night of refused clients leaves no entries', () => {
    const windows = (penalties as unknown as { windows: Map<string, unknown> }).windows;
    for (let i = 0; i < 1_000; i++) penalties.record(`a:10.0.${i >> 8}.${i & 255}`);
    for (let i = 0; i < 4; i++) penalties.record('s:held');
    penalties.hold(
      's:held',
      () => undefined,
      () => undefined,
    );
    expect(windows.size).toBe(1_001);
    now += 60_000;
    jest.advanceTimersByTime(60_000);
    expect([...windows.keys()]).toEqual([]);
  });
});
