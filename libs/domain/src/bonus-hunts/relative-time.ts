import { RELATIVE_TIME_STEPS as STEPS } from '@kickback/contracts';

/** SPEC §3 created_at_human: "just now", "5 minutes ago", "2 days ago" (same wording as the client's formatter). */
export function humanizeSince(date: Date, now: Date = new Date()): string {
  const seconds = Math.max(0, Math.round((now.getTime() - date.getTime()) / 1000));
  if (seconds < 60) return 'just now';
  const [, unitSeconds, unit] = STEPS.find(([limit]) => seconds < limit) ?? STEPS[STEPS.length - 1]!;
  const count = Math.floor(seconds / unitSeconds);
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}
