import { centsToDecimal, toCents } from './decimal-amount';
import { parseImport } from './manual-import.service';
import { periodWindow } from './period-window';
import { rankWagers } from './ranking';
import { SecretsCipher } from './secrets-cipher';
import { maskUsername } from './username-mask';
import { parseStakeCsv } from './sources/stake.source';
import { atPath } from './sources/generic-json.source';

const w = (username: string, amount: string) => ({ username, cents: toCents(amount) });

describe('amounts', () => {
  it('parses numbers and strings exactly to cents, rounding half up beyond cents', () => {
    expect(toCents('1234.5')).toBe(123450n);
    expect(toCents(0.1 + 0.2)).toBe(30n);
    expect(toCents('99999999999999.99')).toBe(9999999999999999n);
    expect(toCents('1.005')).toBe(101n);
    expect(toCents('1,250.75')).toBe(125075n);
    expect(() => toCents(1e21)).toThrow(/too large|decimal/);
    expect(() => toCents('10000000000000000')).toThrow(/too large/);
    expect(centsToDecimal(5n)).toBe('0.05');
    expect(() => toCents('-1')).toThrow();
    expect(() => toCents('abc')).toThrow();
    expect(() => toCents(Number.NaN)).toThrow();
  });
});

describe('ranking', () => {
  it('orders by wagered, then equal wagered by username ascending (case-insensitive), with distinct ranks', () => {
    const ranked = rankWagers([w('zed', '100'), w('Bob', '250.50'), w('alice', '100'), w('Carl', '100'), w('dan', '300')]);
    expect(ranked.map((r) => [r.rank, r.username, r.wagered])).toEqual([
      [1, 'dan', '300.00'],
      [2, 'Bob', '250.50'],
      [3, 'alice', '100.00'],
      [4, 'Carl', '100.00'],
      [5, 'zed', '100.00'],
    ]);
  });

  it('adds up rows of the same player in any case, drops excluded and zero wagers', () => {
    const ranked = rankWagers([w('Ann', '10.10'), w(' ann ', '0.90'), w('Streamer', '9999'), w('ghost', '0')], ['streamer']);
    expect(ranked).toEqual([{ rank: 1, username: 'Ann', wagered: '11.00', cents: 1100n }]);
  });

  it('breaks a tie between names differing only in case by exact spelling', () => {
    const ranked = rankWagers([w('bob', '5'), w('Bob2', '5'), w('BOB', '5')]);
    // 'bob' and 'BOB' are one player (merged), so 10.00 beats Bob2.
    expect(ranked.map((r) => r.username)).toEqual(['bob', 'Bob2']);
  });

  it('orders amounts past 2^53 cents exactly (numbers would call them equal)', () => {
    const big = 2n ** 60n;
    const ranked = rankWagers([
      { username: 'a', cents: big },
      { username: 'b', cents: big + 1n },
      { username: 'c', cents: 5n },
    ]);
    expect(ranked.map((r) => r.username)).toEqual(['b', 'a', 'c']);
  });
});

describe('periods (UTC)', () => {
  const at = (iso: string) => new Date(iso);
  it('monthly is the calendar month', () => {
    const p = periodWindow({ periodType: 'monthly', customStart: null, customEnd: null }, at('2026-12-31T23:59:59.999Z'));
    expect([p.start.toISOString(), p.end.toISOString()]).toEqual(['2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z']);
  });
  it('weekly runs Monday to Monday', () => {
    const p = periodWindow({ periodType: 'weekly', customStart: null, customEnd: null }, at('2026-11-22T10:00:00Z'));
    expect([p.start.toISOString(), p.end.toISOString()]).toEqual(['2026-11-16T00:00:00.000Z', '2026-11-23T00:00:00.000Z']);
  });
  it('bi-weekly counts 14-day windows from Monday 2024-01-01', () => {
    const p = periodWindow({ periodType: 'biweekly', customStart: null, customEnd: null }, at('2024-01-15T00:00:00Z'));
    expect([p.start.toISOString(), p.end.toISOString()]).toEqual(['2024-01-15T00:00:00.000Z', '2024-01-29T00:00:00.000Z']);
  });
  it('custom is exactly the admin window', () => {
    const p = periodWindow(
      { periodType: 'custom', customStart: at('2026-11-01T12:00:00Z'), customEnd: at('2026-11-10T12:00:00Z') },
      at('2027-01-01T00:00:00Z'),
    );
    expect(p.end.toISOString()).toBe('2026-11-10T12:00:00.000Z');
  });
});

describe('masking', () => {
  it('keeps two characters and hides the rest behind at least three stars', () => {
    expect(maskUsername('highroller')).toBe('hi********');
    expect(maskUsername('abc')).toBe('ab***');
    expect(maskUsername('x')).toBe('x***');
  });
});

describe('CSV', () => {
  it('Stake CSV needs its columns', async () => {
    expect(await parseStakeCsv('rank,user_name,campaign_code,total_wagered_amount,total_weighted_amount\n1,joe,KB,12.5,6\n')).toEqual([
      { username: 'joe', cents: 1250n },
    ]);
    await expect(parseStakeCsv('name,amount\njoe,1')).rejects.toThrow(/unexpected CSV/);
  });
  it('manual import finds columns by header, strips currency signs, merges duplicates and reports bad lines', async () => {
    const ok = await parseImport('Wagered,Username\n"$1,000.50",Ann\n20,ann\n5,Bob\n');
    expect(ok.errors).toEqual([]);
    expect(ok.rows).toEqual([
      { username: 'Ann', wagered: '1020.50' },
      { username: 'Bob', wagered: '5.00' },
    ]);
    expect(ok.total_wagered).toBe('1025.50');
    const headless = await parseImport('joe,12\njane,oops\n,3\n');
    expect(headless.errors).toEqual([
      { line: 2, message: '"oops" is not a wagered amount.' },
      { line: 3, message: 'Username is missing.' },
    ]);
  });
  it('generic paths reach nested arrays', () => {
    expect(atPath({ a: { b: [1] } }, 'a.b')).toEqual([1]);
    expect(atPath([2], '')).toEqual([2]);
    expect(atPath({ a: 1 }, 'a.b')).toBeUndefined();
  });
});

describe('secrets', () => {
  it('seals with AES-256-GCM: random IV, opens only with the same key, detects tampering', () => {
    const key = Buffer.alloc(32, 1).toString('base64');
    const cipher = new SecretsCipher(key);
    const a = cipher.seal('token-123');
    expect(a).not.toContain('token-123');
    expect(a).not.toBe(cipher.seal('token-123'));
    expect(cipher.open(a)).toBe('token-123');
    expect(() => new SecretsCipher(Buffer.alloc(32, 2).toString('base64')).open(a)).toThrow();
    const parts = a.split('.');
    parts[3] = Buffer.from('tampered').toString('base64');
    expect(() => cipher.open(parts.join('.'))).toThrow();
  });
});
