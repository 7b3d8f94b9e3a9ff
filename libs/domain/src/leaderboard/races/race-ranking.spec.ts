import { toCents } from '../decimal-amount';
import { rankRace, raceRanking, snapshotTotals, totalsWindow } from './race-ranking';

const window = (start: string, end: string) => ({ start: new Date(start), end: new Date(end) });
const dayWindow = window('2026-12-05T00:00:00Z', '2026-12-07T00:00:00Z');
const hourWindow = window('2026-12-05T18:00:00Z', '2026-12-05T21:00:00Z');

describe('race ranking', () => {
  it('asks timed sources for the window, day sources only for whole UTC days, and snapshots totals-only sources', () => {
    for (const type of ['roobet', 'shuffle', 'stake'] as const) expect(raceRanking(type, {}, hourWindow)).toBe('window');
    expect(raceRanking('rainbet', {}, dayWindow)).toBe('window');
    expect(raceRanking('rainbet', {}, hourWindow)).toBe('snapshot');
    expect(raceRanking('gamdom', {}, dayWindow)).toBe('snapshot');
    expect(raceRanking('manual_csv', {}, dayWindow)).toBe('snapshot');
    expect(raceRanking('generic_json', { url: 'https://x.test/s?from={start_ms}' }, hourWindow)).toBe('window');
    expect(raceRanking('generic_json', { url: 'https://x.test/s?d={start_date}&e={end_date}' }, dayWindow)).toBe('window');
    expect(raceRanking('generic_json', { url: 'https://x.test/s?d={start_date}&e={end_date}' }, hourWindow)).toBe('snapshot');
    expect(raceRanking('generic_json', { url: 'https://x.test/totals' }, dayWindow)).toBe('snapshot');
  });

  it('asks totals-only sources for the calendar months that hold the race', () => {
    expect(totalsWindow(window('2026-12-30T20:00:00Z', '2027-01-02T00:00:00Z'))).toEqual(
      window('2026-12-01T00:00:00Z', '2027-02-01T00:00:00Z'),
    );
    expect(totalsWindow(window('2026-12-05T18:00:00Z', '2027-01-01T00:00:00Z'))).toEqual(
      window('2026-12-01T00:00:00Z', '2027-01-01T00:00:00Z'),
    );
  });

  it('ranks the growth since the snapshot under the board rules, drops players under the minimum and closes the ranks', () => {
    const snapshot = snapshotTotals(['Ann', 'BOB', 'bob'], ['100.00', '50.00', '25.00']);
    const rows = [
      { username: 'ann', cents: toCents('160') },
      { username: 'Bob', cents: toCents('120') },
      { username: 'cy', cents: toCents('60') },
      { username: 'dee', cents: toCents('10') },
      { username: 'Streamer', cents: toCents('5000') },
      { username: 'eve', cents: toCents('0') },
    ];
    const ranked = rankRace(rows, { excluded: ['streamer'], minWager: '20.00', snapshot });
    expect(ranked.map((r) => [r.rank, r.username, r.wagered])).toEqual([
      [1, 'ann', '60.00'],
      [2, 'cy', '60.00'],
      [3, 'Bob', '45.00'],
    ]);
  });

  it('counts a total that went down (a source correction) as nothing wagered', () => {
    const snapshot = snapshotTotals(['ann'], ['100.00']);
    expect(rankRace([{ username: 'ann', cents: 9000 }], { excluded: [], minWager: '0', snapshot })).toEqual([]);
  });
});
