import { isStaleStatus, type AppliedLive } from './live-status-order';

const t = (hhmm: string) => `2026-11-29T${hhmm}:00.000Z`;
const at = (hhmm: string) => new Date(t(hhmm));

describe('live statuses are ordered by the stream’s own times first', () => {
  const ended: AppliedLive = { is_live: false, started_at: t('01:00'), ended_at: t('04:00'), as_of: t('04:00') };
  const open: AppliedLive = { is_live: true, started_at: t('05:00'), ended_at: null, as_of: t('05:00') };

  it('a "live" sent late for a stream that already ended cannot reopen it, however late it is signed', () => {
    expect(isStaleStatus(ended, { is_live: true, started_at: t('01:00'), ended_at: null }, at('06:00'))).toBe(true);
  });

  it('a "live" that started after the last end opens, even signed before the state applied', () => {
    expect(isStaleStatus(ended, { is_live: true, started_at: t('04:30'), ended_at: null }, at('03:59'))).toBe(false);
  });

  it('a "live" of an older stream than the open one changes nothing; a newer or the same one is not stale', () => {
    expect(isStaleStatus(open, { is_live: true, started_at: t('01:00') }, at('06:00'))).toBe(true);
    expect(isStaleStatus(open, { is_live: true, started_at: t('05:00') }, at('04:00'))).toBe(false);
    expect(isStaleStatus(open, { is_live: true, started_at: t('06:00') }, at('06:00'))).toBe(false);
  });

  it('an "ended" of an older stream cannot close the open one; the open stream’s own "ended" closes it', () => {
    expect(isStaleStatus(open, { is_live: false, started_at: t('01:00'), ended_at: t('04:00') }, at('06:00'))).toBe(true);
    expect(isStaleStatus(open, { is_live: false, started_at: null, ended_at: t('04:00') }, at('06:00'))).toBe(true);
    // Within a minute of the open stream's start, yet ended before it began: not the open stream's end.
    expect(isStaleStatus(open, { is_live: false, started_at: t('04:59'), ended_at: t('04:59') }, at('06:00'))).toBe(true);
    expect(isStaleStatus(open, { is_live: false, started_at: t('05:00'), ended_at: t('07:00') }, at('04:00'))).toBe(false);
  });

  it('without the stream’s own times, the delivery timestamp orders them', () => {
    expect(isStaleStatus(open, { is_live: false }, at('04:59'))).toBe(true);
    expect(isStaleStatus(open, { is_live: false }, at('05:01'))).toBe(false);
    expect(isStaleStatus(ended, { is_live: true }, at('03:00'))).toBe(true);
  });
});
