import { RELATIVE_TIME_STEPS } from '@kickback/contracts/relative-time';
/** Every number, size and time the UI shows goes through here so the whole product formats alike (SPEC §9). */

const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const wholeNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

const toNumber = (value: number | string | null | undefined): number => {
  const parsed = typeof value === 'string' ? Number.parseFloat(value) : (value ?? 0);
  return Number.isFinite(parsed) ? parsed : 0;
};

/** `$1,234.50`; the sign goes before the symbol. */
export function formatAmount(value: number | string | null | undefined, currencySymbol = '$'): string {
  const amount = toNumber(value);
  const sign = amount < 0 ? '-' : '';
  return `${sign}${currencySymbol}${twoDecimals.format(Math.abs(amount))}`;
}

/** `12.34x` */
export function formatMultiplier(value: number | string | null | undefined): string {
  return `${twoDecimals.format(toNumber(value))}x`;
}

/**
 * A hunt's break-even: the multiplier the unopened bonuses still need, or "In profit" once the winnings reach the start
 * (the statistic is then 0, which read as "0.00x" looks like a hunt that cannot recover).
 */
export function formatBreakEven(s: { winnings: number; starting_balance: number; break_even_multiplier: number }): string {
  return s.starting_balance > 0 && s.winnings >= s.starting_balance ? 'In profit' : formatMultiplier(s.break_even_multiplier);
}

/** Whole numbers with en-US grouping, for points and counts. */
export function formatNumber(value: number | string | null | undefined): string {
  return wholeNumber.format(toNumber(value));
}

const SIZE_UNITS = ['Bytes', 'KB', 'MB'] as const;

/** `0 Bytes`, `512 Bytes`, `1.5 KB`, `4.25 MB` */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const unit = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), SIZE_UNITS.length - 1);
  const value = bytes / 1024 ** unit;
  return `${Number.parseFloat(value.toFixed(2))} ${SIZE_UNITS[unit]}`;
}

/** `just now`, `3 minutes ago`, `1 day ago`, `in 2 hours` */
export function formatRelativeTime(date: string | number | Date, now: number = Date.now()): string {
  const time = date instanceof Date ? date.getTime() : new Date(date).getTime();
  if (Number.isNaN(time)) return '';
  const diffSeconds = Math.round((now - time) / 1000);
  const absolute = Math.abs(diffSeconds);
  if (absolute < 60) return 'just now';
  const step = RELATIVE_TIME_STEPS.find(([limit]) => absolute < limit) ?? RELATIVE_TIME_STEPS[RELATIVE_TIME_STEPS.length - 1]!;
  const count = Math.floor(absolute / step[1]);
  const phrase = `${count} ${step[2]}${count === 1 ? '' : 's'}`;
  return diffSeconds >= 0 ? `${phrase} ago` : `in ${phrase}`;
}

/** `Nov 22, 2026` */
export function formatDate(date: string | number | Date): string {
  const value = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(value.getTime())) return '';
  return value.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** `Nov 22, 2026, 3:04 PM EST`: in the viewer's time zone, named, so a time means the same to every viewer. */
export function formatDateTime(date: string | number | Date, timeZone?: string): string {
  const value = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(value.getTime())) return '';
  return value.toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  });
}

/** `1 entry`, `2 entries`, `1,000 points`: the count with the noun in the number it needs. */
export function formatCount(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatNumber(count)} ${count === 1 ? singular : plural}`;
}

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  ended: boolean;
}

/** Time left until `endMs` split for display; all zero and `ended` once it has passed. */
export function countdownParts(endMs: number, nowMs: number = Date.now()): CountdownParts {
  const left = Math.floor((endMs - nowMs) / 1000);
  if (!Number.isFinite(left) || left <= 0) return { days: 0, hours: 0, minutes: 0, seconds: 0, ended: true };
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
    ended: false,
  };
}

export const DEFAULT_AVATAR_COUNT = 5;

/** One of the 5 bundled default avatars, stable per user id (SPEC §9). */
export function defaultAvatarUrl(id: number | string | null | undefined): string {
  const numeric = Math.abs(Math.trunc(toNumber(id)));
  return `/avatars/avatar-${numeric % DEFAULT_AVATAR_COUNT}.svg`;
}

/** The user's own avatar when there is one, else their default one. */
export function avatarUrl(user: { id?: number | null; avatar_url?: string | null; avatar?: string | null }): string {
  return user.avatar_url || user.avatar || defaultAvatarUrl(user.id ?? 0);
}
