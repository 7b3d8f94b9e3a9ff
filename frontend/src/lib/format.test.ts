import {
  avatarUrl,
  countdownParts,
  defaultAvatarUrl,
  formatAmount,
  formatCount,
  formatDateTime,
  formatFileSize,
  formatMultiplier,
  formatNumber,
  formatRelativeTime,
} from './format';

describe('formatAmount', () => {
  it('shows two decimals with en-US grouping and the currency symbol', () => {
    expect(formatAmount(1234.5)).toBe('$1,234.50');
    expect(formatAmount(0)).toBe('$0.00');
    expect(formatAmount(1999999.999, '€')).toBe('€2,000,000.00');
    expect(formatAmount('42.1', 'C$')).toBe('C$42.10');
  });

  it('puts the sign before the symbol and treats junk as zero', () => {
    expect(formatAmount(-12)).toBe('-$12.00');
    expect(formatAmount(null)).toBe('$0.00');
    expect(formatAmount('not a number')).toBe('$0.00');
  });
});

describe('formatMultiplier', () => {
  it('shows two decimals followed by x', () => {
    expect(formatMultiplier(12.345)).toBe('12.35x');
    expect(formatMultiplier(0)).toBe('0.00x');
    expect(formatMultiplier('1500')).toBe('1,500.00x');
  });
});

describe('formatNumber', () => {
  it('groups whole numbers', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
  });
});

describe('formatFileSize', () => {
  it('uses Bytes, KB and MB', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(512)).toBe('512 Bytes');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatFileSize(3.456 * 1024 * 1024)).toBe('3.46 MB');
  });

  it('stays in MB for very large files', () => {
    expect(formatFileSize(2 * 1024 * 1024 * 1024)).toBe('2048 MB');
  });
});

describe('formatRelativeTime', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');

  it('describes past times in words', () => {
    expect(formatRelativeTime(now - 20_000, now)).toBe('just now');
    expect(formatRelativeTime(now - 60_000, now)).toBe('1 minute ago');
    expect(formatRelativeTime(now - 3 * 60_000, now)).toBe('3 minutes ago');
    expect(formatRelativeTime(new Date(now - 5 * 3_600_000), now)).toBe('5 hours ago');
    expect(formatRelativeTime('2026-11-20T12:00:00Z', now)).toBe('2 days ago');
    expect(formatRelativeTime(now - 400 * 86_400_000, now)).toBe('1 year ago');
  });

  it('describes future times and ignores invalid dates', () => {
    expect(formatRelativeTime(now + 2 * 3_600_000, now)).toBe('in 2 hours');
    expect(formatRelativeTime('garbage', now)).toBe('');
  });
});

describe('formatDateTime', () => {
  it('names the time zone the time is shown in', () => {
    expect(formatDateTime('2026-11-22T15:04:00Z', 'America/New_York')).toBe('Nov 22, 2026, 10:04 AM EST');
    expect(formatDateTime('2026-11-22T15:04:00Z', 'UTC')).toBe('Nov 22, 2026, 3:04 PM UTC');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('formatCount', () => {
  it('puts the noun in the number the count needs', () => {
    expect(formatCount(1, 'entry', 'entries')).toBe('1 entry');
    expect(formatCount(0, 'entry', 'entries')).toBe('0 entries');
    expect(formatCount(1200, 'point')).toBe('1,200 points');
    expect(formatCount(1, 'points ticket')).toBe('1 points ticket');
  });
});

describe('countdownParts', () => {
  it('splits the time left into days, hours, minutes and seconds', () => {
    const now = 1_000_000;
    const end = now + ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000;
    expect(countdownParts(end, now)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5, ended: false });
  });

  it('is ended once the end time has passed', () => {
    expect(countdownParts(1000, 1000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, ended: true });
    expect(countdownParts(1000, 5000).ended).toBe(true);
  });
});

describe('default avatars', () => {
  it('picks one of five default avatars by id modulo 5', () => {
    expect(defaultAvatarUrl(0)).toBe('/avatars/avatar-0.svg');
    expect(defaultAvatarUrl(7)).toBe('/avatars/avatar-2.svg');
    expect(defaultAvatarUrl(10)).toBe('/avatars/avatar-0.svg');
    expect(defaultAvatarUrl(14)).toBe('/avatars/avatar-4.svg');
  });

  it('prefers the user avatar when there is one', () => {
    expect(avatarUrl({ id: 3, avatar_url: '/uploads/me.png' })).toBe('/uploads/me.png');
    expect(avatarUrl({ id: 3, avatar_url: null })).toBe('/avatars/avatar-3.svg');
  });
});
