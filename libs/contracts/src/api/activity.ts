import { z } from 'zod';
import type { ActivitySource } from '../events';

/** The stream's live state: GET /api/r/live, the page data's `live`, and the 'site:live' push. */
export interface LiveState {
  is_live: boolean;
  started_at: string | null;
  ended_at: string | null;
  /** The stream's title and category name as Kick last gave them (status and metadata events); absent from states cached before they existed. */
  title?: string | null;
  category?: string | null;
}

const points = (label: string, max = 1_000_000) =>
  z
    .number({ invalid_type_error: `The ${label} must be a number.` })
    .int(`The ${label} must be a whole number.`)
    .min(0, `The ${label} may not be negative.`)
    .max(max, `The ${label} may not be more than ${max}.`);
const seconds = (label: string) =>
  z
    .number({ invalid_type_error: `The ${label} must be a number.` })
    .int(`The ${label} must be a whole number.`)
    .min(1, `The ${label} must be at least 1 second.`)
    .max(7 * 24 * 3600, `The ${label} may not be more than a week.`);

/** The other chat commands' words, which the join keyword may not take. */
export const RESERVED_CHAT_COMMANDS = ['points', 'raffle', 'sr', 'bet', 'vote'] as const;
const joinKeyword = z
  .string({ invalid_type_error: 'The join keyword must be text.' })
  .trim()
  .regex(/^[A-Za-z0-9]{1,20}$/, 'The join keyword may only hold letters and digits, at most 20, without the "!".')
  .transform((word) => word.toLowerCase())
  .refine(
    (word) => !(RESERVED_CHAT_COMMANDS as readonly string[]).includes(word),
    'The join keyword may not be points, raffle, sr, bet or vote: those commands are taken.',
  );

/** The earning rules admins tune in Activity → Rules; every field has a default in the settings row. */
export const activityRulesSchema = z
  .object({
    /** Kick's numeric id of the channel the worker subscribes to (null: not subscribed). */
    broadcaster_user_id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).nullable(),
    chat_points: points('chat points'),
    chat_xp: points('chat XP'),
    chat_interval_seconds: seconds('chat interval'),
    chat_hour_cap: points('hourly chat cap'),
    chat_stream_cap: points('per-stream chat cap'),
    follow_points: points('follow bonus'),
    subscription_points: points('subscription bonus'),
    gifted_sub_points: points('gifted subscription bonus'),
    kick_points: points('points per kick'),
    watch_points: points('watch points'),
    watch_interval_seconds: seconds('watch interval'),
    watch_stream_cap: points('per-stream watch cap'),
    min_account_age_days: points('minimum account age', 3650),
    chat_commands_enabled: z.boolean(),
    /** The word after "!" that enters the raffle on stream from chat (`!join` by default). */
    join_keyword: joinKeyword,
  })
  .strict();
export type ActivityRules = z.infer<typeof activityRulesSchema>;
/** How viewers enter the raffle on stream from chat, for Go live (moderators too): a part of the rules, read-only. */
export type JoinKeywordView = Pick<ActivityRules, 'join_keyword' | 'chat_commands_enabled'>;
export const updateActivityRulesSchema = activityRulesSchema.partial().strict();

/** The chat command that enters the raffle on stream as viewers type it ("!join"); null while chat commands are off. */
export function joinCommand(rules: Pick<ActivityRules, 'join_keyword' | 'chat_commands_enabled'>): string | null {
  return rules.chat_commands_enabled ? `!${rules.join_keyword}` : null;
}
export interface JoinCommandPush {
  join_command: string | null;
}
export type UpdateActivityRules = z.infer<typeof updateActivityRulesSchema>;

/** A Kick account that never earns (bots, the streamer). */
export const activityExclusionSchema = z
  .object({
    kick_user_id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
    label: z.string().trim().min(1, 'The label field is required.').max(64, 'The label may not be longer than 64 characters.'),
  })
  .strict();
export type ActivityExclusionInput = z.infer<typeof activityExclusionSchema>;
export interface ActivityExclusion extends ActivityExclusionInput {
  created_at: string;
}

/** A Kick channel reward mapped to a points grant when a redemption is accepted. */
export const rewardMappingSchema = z
  .object({
    reward_id: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'The reward id may only hold letters, digits, - and _.'),
    title: z.string().trim().min(1, 'The title field is required.').max(100, 'The title may not be longer than 100 characters.'),
    // A bound, not a refinement, so the admin's input reads its minimum from the contract.
    points: z
      .number({ invalid_type_error: 'The reward points must be a number.' })
      .int('The reward points must be a whole number.')
      .min(1, 'The reward points must be at least 1.')
      .max(1_000_000, 'The reward points may not be more than 1000000.'),
  })
  .strict();
export type RewardMappingInput = z.infer<typeof rewardMappingSchema>;
export type RewardMapping = RewardMappingInput;

export interface ActivityDelivery {
  message_id: string;
  type: string;
  version: string;
  /** The outcome (awarded, duplicate, anonymous, other-broadcaster, …) or the refusal (bad-signature, malformed). */
  result: string;
  /** Who the message came from, when shown: "Anonymous" for a gift whose gifter Kick hides. */
  from?: string;
  received_at: string;
}

export interface ActivitySubscription {
  event: string;
  version: number;
  subscription_id: string | null;
  /** subscribed | failed | missing */
  status: string;
  error: string | null;
  updated_at: string;
  /** When Kick's own list was last read (the reconcile job); null before the first run. */
  checked_at: string | null;
}

/** One event as Kick sees it: its subscription per Kick's list, and the deliveries it brought. */
export interface KickEventHealth {
  event: string;
  /** Kick listed a subscription of ours for this event at the last reconcile. */
  subscribed: boolean;
  last_delivery_at: string | null;
  deliveries_last_hour: number;
  /** Deliveries of the last hour we refused (Kick counts these against the app). */
  failures_last_hour: number;
}

/** GET /api/admin/activity: the Activity section's overview. */
export interface ActivityOverview {
  live: LiveState;
  today_by_source: { source: ActivitySource; points: number; awards: number }[];
  top_earners: { user_id: number; username: string; points: number }[];
  pending: { chatters: number; points: number };
  deliveries: ActivityDelivery[];
  subscriptions: ActivitySubscription[];
  subscriptions_enabled: boolean;
  kick_events: KickEventHealth[];
  /** Set while the stream is live and no delivery arrived for 10 minutes. */
  delivery_warning: string | null;
  /** Set while Kick's channel lookup answers in a shape the live-state poll cannot trust (it then changes nothing). */
  live_poll_warning: string | null;
}

/** 'activity:heartbeat' over the page's socket while the Kick player is shown. */
export const watchHeartbeatSchema = z.object({ visible: z.boolean(), player: z.boolean() }).strict();
export type WatchHeartbeat = z.infer<typeof watchHeartbeatSchema>;
export interface WatchHeartbeatAnswer {
  /** Whether this connection is the member's counted one right now. */
  counted: boolean;
  /** Points awarded by this beat (0 most of the time). */
  awarded: number;
  /** When to send the next beat; null stops the beats (no member, bad payload). */
  next_beat_seconds: number | null;
}

/** The Kick events the worker subscribes the channel to. */
export const KICK_EVENT_SUBSCRIPTIONS = [
  'chat.message.sent',
  'channel.followed',
  'channel.subscription.new',
  'channel.subscription.renewal',
  'channel.subscription.gifts',
  'kicks.gifted',
  'channel.reward.redemption.updated',
  'livestream.status.updated',
  'livestream.metadata.updated',
  'moderation.banned',
] as const;
