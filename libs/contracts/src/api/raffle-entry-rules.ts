import { z } from 'zod';

const days = (max: number) => z.number().int('Whole days only.').min(1, 'At least 1 day.').max(max, `At most ${max} days.`);
const count = (what: string) => z.number().int(`Whole ${what} only.`).min(1, `At least 1.`).max(100_000, `At most 100,000 ${what}.`);

/**
 * Who may enter a raffle (issue #37), set by the admin and shown on the raffle card before anyone tries. Every rule is
 * optional; a member banned on the site or in the Kick chat can never enter, whatever the rules. Watch minutes and chat
 * messages are one rule: meeting either is enough, during the current stream or, with activity_days, the last N days.
 */
export const raffleEntryRulesSchema = z
  .object({
    followers_only: z.boolean().default(false),
    subscribers_only: z.boolean().default(false),
    min_level: z.number().int('Whole levels only.').min(2, 'Every member is level 1: set 2 or more.').max(1000).nullable().default(null),
    min_account_age_days: days(3650).nullable().default(null),
    min_watch_minutes: count('minutes').nullable().default(null),
    min_chat_messages: count('messages').nullable().default(null),
    activity_days: days(90).nullable().default(null),
    exclude_winners_days: days(365).nullable().default(null),
    /** How many tickets each of a subscriber's tickets counts for in the draw (version 2 of the algorithm). */
    subscriber_multiplier: z.number().int('Whole numbers only.').min(2, 'At least ×2.').max(10, 'At most ×10.').nullable().default(null),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.activity_days !== null && v.min_watch_minutes === null && v.min_chat_messages === null)
      ctx.addIssue({ code: 'custom', path: ['activity_days'], message: 'Set watch minutes or chat messages for this period.' });
  });
export type RaffleEntryRules = z.infer<typeof raffleEntryRulesSchema>;

/** The rules as stored: null when none is set, so a raffle without rules keeps the batched free-entry path. */
export function storedEntryRules(rules: RaffleEntryRules | null | undefined): RaffleEntryRules | null {
  if (!rules) return null;
  const any = Object.values(rules).some((v) => v !== false && v !== null);
  return any ? rules : null;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
const lastDays = (n: number) => (n === 1 ? 'the last day' : `the last ${n} days`);
const period = (rules: RaffleEntryRules) =>
  rules.activity_days === null ? 'during the current stream' : `in ${lastDays(rules.activity_days)}`;

/** "watch 30 minutes or send 10 chat messages": the activity rule's words, or null when it is not set. */
function activityWords(rules: RaffleEntryRules, watch: string, send: string): string | null {
  const parts: string[] = [];
  if (rules.min_watch_minutes !== null) parts.push(`${watch} ${plural(rules.min_watch_minutes, 'minute', 'minutes')}`);
  if (rules.min_chat_messages !== null) parts.push(`${send} ${plural(rules.min_chat_messages, 'chat message', 'chat messages')}`);
  return parts.length ? `${parts.join(' or ')} ${period(rules)}` : null;
}

/** Refusals naming the rule, the same over HTTP and the socket. */
export const ENTRY_RULE_MESSAGES = {
  banned: 'Banned members cannot enter raffles.',
  kickBanned: 'You are banned from the Kick chat, so you cannot enter raffles.',
  followersOnly:
    'Followers only: follow the channel on Kick to enter. Follows are known only from the day the channel was connected to this site: if you followed before, unfollow and follow again to be counted.',
  subscribersOnly: 'Subscribers only: subscribe to the channel on Kick to enter.',
  minLevel: (level: number) => `Reach level ${level} to enter.`,
  accountAge: (days: number) => `Your account must be at least ${plural(days, 'day', 'days')} old to enter.`,
  activity: (rules: RaffleEntryRules) => {
    const words = activityWords(rules, 'Watch at least', 'send at least');
    return `${words ?? ''} to enter.`;
  },
  recentWinner: (days: number) => `Winners of ${lastDays(days)} cannot enter this raffle.`,
} as const;

/** The rules as the raffle card lists them, one line each, in the order they are checked. */
export function describeEntryRules(rules: RaffleEntryRules | null): string[] {
  if (!rules) return [];
  const lines: string[] = [];
  if (rules.followers_only) lines.push('Followers only');
  if (rules.subscribers_only) lines.push('Subscribers only');
  if (rules.min_level !== null) lines.push(`Level ${rules.min_level} or higher`);
  if (rules.min_account_age_days !== null) lines.push(`Accounts at least ${plural(rules.min_account_age_days, 'day', 'days')} old`);
  const activity = activityWords(rules, 'Watched', 'sent');
  if (activity) lines.push(activity);
  if (rules.exclude_winners_days !== null) lines.push(`No winners of ${lastDays(rules.exclude_winners_days)}`);
  if (rules.subscriber_multiplier !== null) lines.push(`Subscribers' tickets count ×${rules.subscriber_multiplier}`);
  return lines;
}
