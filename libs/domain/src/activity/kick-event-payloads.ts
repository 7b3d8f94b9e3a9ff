import { z } from 'zod';

/** Kick's payload fields this feature reads (docs/kick.md, with their sources); anything else in a payload is ignored. */
const kickId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const kickUser = z.object({ user_id: kickId, username: z.string().max(200), is_anonymous: z.boolean().optional() });
const isoDate = z.string().datetime({ offset: true });
/** A time Kick sends; read leniently (an odd format must not make a signed message unreadable). */
const looseDate = z.string().max(64).nullable().optional();

/** The badges Kick shows beside a chatter's name ("subscriber", "moderator", …); only their types are read. */
const badges = z.array(z.object({ type: z.string().max(64) }).passthrough()).max(50);

export const chatMessagePayload = z.object({
  message_id: z.string().max(100).optional(),
  sender: kickUser.extend({ identity: z.object({ badges: badges.optional() }).passthrough().nullable().optional() }),
  content: z.string().max(10_000),
  /** When the message was sent in chat: a late delivery still earns for the stream it was sent in. */
  created_at: looseDate,
});

export const followPayload = z.object({ follower: kickUser });

/**
 * `duration` is not read: Kick never defines it, and its renewal example (3 on a renewal, 1 on a new subscription)
 * looks like months subscribed so far, so multiplying by it would pay a long-time subscriber more each month.
 */
export const subscriptionPayload = z.object({ subscriber: kickUser, created_at: looseDate, expires_at: looseDate });

/** An anonymous gifter comes with is_anonymous and null user_id, username and the rest (Kick's docs). */
export const giftsPayload = z.object({
  gifter: kickUser
    .extend({ user_id: kickId.nullable().optional(), username: z.string().max(200).nullable().optional() })
    .nullable()
    .optional(),
  giftees: z.array(kickUser.partial()).max(1000),
  created_at: looseDate,
  expires_at: looseDate,
});

/** A ban or a timeout in the channel's chat: `metadata.expires_at` is null for a permanent ban. */
export const moderationBannedPayload = z.object({
  banned_user: kickUser,
  metadata: z
    .object({ reason: z.string().max(1000).nullable().optional(), created_at: looseDate, expires_at: looseDate })
    .nullable()
    .optional(),
});

export const kicksPayload = z.object({
  sender: kickUser,
  gift: z.object({ amount: z.number().int().min(0).max(100_000_000) }),
  created_at: looseDate,
});

export const rewardPayload = z.object({
  id: z.string().max(100),
  status: z.string().max(32),
  redeemer: kickUser,
  reward: z.object({ id: z.string().max(100), title: z.string().max(200).optional() }),
});

export const livestreamStatusPayload = z.object({
  is_live: z.boolean(),
  title: z.string().max(1000).nullable().optional(),
  started_at: isoDate.nullable().optional(),
  ended_at: isoDate.nullable().optional(),
});

/** The stream's title and category as the streamer changes them; other metadata (language, mature) is not read. */
export const livestreamMetadataPayload = z.object({
  metadata: z.object({
    title: z.string().max(1000).nullable().optional(),
    category: z
      .object({ name: z.string().max(200) })
      .passthrough()
      .nullable()
      .optional(),
  }),
});

export type ChatMessagePayload = z.infer<typeof chatMessagePayload>;
export type LivestreamStatusPayload = z.infer<typeof livestreamStatusPayload>;

/** Every type and version this build applies; other types or versions are acknowledged and ignored. */
export const KNOWN_EVENTS: Record<string, string[]> = {
  'chat.message.sent': ['1'],
  'channel.followed': ['1'],
  'channel.subscription.new': ['1'],
  'channel.subscription.renewal': ['1'],
  'channel.subscription.gifts': ['1'],
  'kicks.gifted': ['1'],
  'channel.reward.redemption.updated': ['1'],
  'livestream.status.updated': ['1'],
  'livestream.metadata.updated': ['1'],
  'moderation.banned': ['1'],
};

const SCHEMAS: Record<string, z.ZodType> = {
  'chat.message.sent': chatMessagePayload,
  'channel.followed': followPayload,
  'channel.subscription.new': subscriptionPayload,
  'channel.subscription.renewal': subscriptionPayload,
  'channel.subscription.gifts': giftsPayload,
  'kicks.gifted': kicksPayload,
  'channel.reward.redemption.updated': rewardPayload,
  'livestream.status.updated': livestreamStatusPayload,
  'livestream.metadata.updated': livestreamMetadataPayload,
  'moderation.banned': moderationBannedPayload,
};

const broadcasterOnly = z.object({ broadcaster: z.object({ user_id: kickId }) });

/** The broadcaster a payload is for, or null when it names none (Kick's docs show it on every event but rewards' older form). */
export const payloadBroadcaster = (payload: unknown): number | null => {
  const parsed = broadcasterOnly.safeParse(payload);
  return parsed.success ? parsed.data.broadcaster.user_id : null;
};

/** Whether a known type's payload has every field this build reads; a signed one without them is kept as unreadable. */
export const readablePayload = (type: string, payload: unknown): boolean => SCHEMAS[type]?.safeParse(payload).success ?? false;
