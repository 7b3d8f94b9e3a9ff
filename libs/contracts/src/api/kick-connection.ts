import { z } from 'zod';

/**
 * Scopes the connected account grants: chat replies, event subscriptions, channel lookups, who the account is, lifting
 * chat bans (Clear Kick ban) and the channel rewards (listing, creating, accepting and rejecting redemptions).
 */
export const KICK_CONNECTION_SCOPES = [
  'user:read',
  'channel:read',
  'chat:write',
  'events:subscribe',
  'moderation:ban',
  'channel:rewards:read',
  'channel:rewards:write',
] as const;

/** PUT /api/admin/kick-connection/channel: the channel by its slug or by its broadcaster id; the other is resolved. */
export const kickChannelInputSchema = z
  .object({
    slug: z
      .string()
      .trim()
      .toLowerCase()
      .max(64, 'At most 64 characters.')
      .regex(/^[a-z0-9_-]+$/, 'The channel slug may only hold letters, digits, - and _.')
      .optional(),
    broadcaster_user_id: z
      .number()
      .int('The broadcaster id must be a whole number.')
      .positive('The broadcaster id must be positive.')
      .optional(),
  })
  .strict()
  .refine((v) => (v.slug === undefined) !== (v.broadcaster_user_id === undefined), {
    message: 'Give either the channel slug or the broadcaster id.',
    path: ['slug'],
  });
export type KickChannelInput = z.infer<typeof kickChannelInputSchema>;

export interface KickChannelView {
  /** The player's slug (site settings). */
  slug: string | null;
  /** The broadcaster the events are for (activity rules). */
  broadcaster_user_id: number | null;
  /** What Kick answers for the slug, null when it could not be asked or knows no such channel. */
  resolved_broadcaster_user_id: number | null;
  /** The slug and the broadcaster id name different channels (or Kick knows no channel by that slug). */
  mismatch: string | null;
}

/** GET /api/admin/kick-connection: the connected account, whether bot replies can reach chat, and the channel. */
export interface KickConnectionStatus {
  connected: boolean;
  account: { kick_user_id: number; username: string } | null;
  scopes: string[];
  missing_scopes: string[];
  expires_at: string | null;
  connected_at: string | null;
  /** Kick's refresh tokens reportedly die about 30 days after the account was connected: reconnect before then. */
  reconnect_by: string | null;
  /** The last token refresh: ok, failed in a way that may pass (retrying), or refused by Kick (reconnect needed). */
  token_refresh: { state: 'ok' | 'retrying' | 'reconnect'; message: string | null };
  chat_replies: {
    on: boolean;
    reason: string | null;
    /** How replies are posted: 'user' as the connected account, 'bot' as the app's bot account (falls back to 'user'). */
    as: KickChatAs;
    /** Sends that failed since the account was connected, the last failure and when, and the last that reached chat. */
    failures: number;
    last_failure: string | null;
    last_failed_at: string | null;
    last_sent_at: string | null;
  };
  channel: KickChannelView;
}

export const KICK_CHAT_AS = ['user', 'bot'] as const;
export type KickChatAs = (typeof KICK_CHAT_AS)[number];

/** PUT /api/admin/kick-connection/chat: how chat replies are posted. */
export const kickChatInputSchema = z
  .object({ as: z.enum(KICK_CHAT_AS, { errorMap: () => ({ message: 'Choose user or bot.' }) }) })
  .strict();
export type KickChatInput = z.infer<typeof kickChatInputSchema>;
