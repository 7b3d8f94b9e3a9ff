import { z } from 'zod';

/**
 * POST /api/admin/raffles/{id}/reroll. A claimed prize is never rerolled (409); a winner whose claim window is still open
 * loses it only with a typed reason, which the member is told and the audit log keeps.
 */
export const adminRaffleRerollSchema = z
  .object({
    position: z.number().int().min(1).max(100),
    reason: z.string().trim().max(300, 'At most 300 characters.').optional(),
  })
  .strict();
export type AdminRaffleReroll = z.infer<typeof adminRaffleRerollSchema>;

const unit = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * A claim window's time left in the two largest units ("1 day 4 hours", "12 minutes", "40 seconds"), for the reroll
 * refusal and its confirmation alike.
 */
export function claimTimeLeftWords(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  if (days) return hours ? `${unit(days, 'day')} ${unit(hours, 'hour')}` : unit(days, 'day');
  if (hours) return minutes ? `${unit(hours, 'hour')} ${unit(minutes, 'minute')}` : unit(hours, 'hour');
  if (minutes) return unit(minutes, 'minute');
  return unit(s, 'second');
}

export const REROLL_MESSAGES = {
  claimed: (position: number) => `Winner #${position} has claimed the prize; a claimed prize cannot be rerolled.`,
  reasonNeeded: (position: number, left: string) =>
    `Winner #${position} still has ${left} to claim the prize. Type a reason to reroll now.`,
};
