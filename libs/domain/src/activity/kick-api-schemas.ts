import { z } from 'zod';

/**
 * Kick's API answers as Kick documents them (docs/kick.md gives each source). The product parses what it reads with
 * these; the fake Kick's answers are checked against them (libs/testing/src/fakes/fake-kick-shapes.spec.ts), so
 * neither can drift to a reading of our own.
 */

const kickId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** `stream` of a channel: KickDevDocs apis/channels.md (swagger); fields as Scorfly/gokick channels.go reads them. */
export const kickChannelStream = z.object({
  is_live: z.boolean(),
  /** RFC 3339 while live; Kick does not say what it holds otherwise, so it is read only while `is_live`. */
  start_time: z.string().max(64),
  viewer_count: z.number().int().min(0),
  language: z.string(),
  is_mature: z.boolean(),
  thumbnail: z.string(),
  url: z.string(),
  key: z.string(),
  custom_tags: z.array(z.string()),
});

export const kickCategory = z.object({ id: z.number().int(), name: z.string(), thumbnail: z.string() });

/** One item of GET /public/v1/channels: KickDevDocs apis/channels.md (swagger). */
export const kickChannel = z.object({
  broadcaster_user_id: kickId,
  slug: z.string(),
  channel_description: z.string(),
  banner_picture: z.string(),
  stream_title: z.string(),
  category: kickCategory,
  stream: kickChannelStream,
});

export const kickChannelsAnswer = z.object({ data: z.array(kickChannel), message: z.string() });

/**
 * What the live-state poll reads of that answer: every documented field it uses is required, the rest may be missing
 * (Kick adding or dropping a field it does not read must not stop the poll).
 */
export const channelLiveAnswer = z.object({
  data: z.array(
    kickChannel.partial().extend({
      broadcaster_user_id: kickId,
      stream_title: z.string().max(1000).nullable().optional(),
      category: kickCategory
        .partial()
        .extend({ name: z.string().max(200) })
        .nullable()
        .optional(),
      stream: kickChannelStream.partial().extend({ is_live: z.boolean(), start_time: z.string().max(64).nullable().optional() }),
    }),
  ),
});
export type ChannelLiveAnswer = z.infer<typeof channelLiveAnswer>;

/**
 * What the admin's channel resolve reads of that answer: the id and slug it saves are required and must be Kick's
 * documented types (a string id or an empty slug is not an answer to save); the fields it does not read are not
 * checked, so Kick changing one of them does not stop the admin saving the channel.
 */
export const channelLookupAnswer = z.object({
  data: z.array(kickChannel.pick({ broadcaster_user_id: true }).extend({ slug: z.string().min(1).max(200) })),
});

/**
 * One item of GET /public/v2/livestreams, a listing of every live stream (KickDevDocs apis/livestreams.md; fields as
 * Scorfly/gokick's TestGetLivestreamsV2Success shows them; stream ids: KickDevDocs issue 382). Strict: it has no
 * `broadcaster_user_id`, and an item that grows one is not Kick's shape.
 */
export const kickLivestreamV2 = z
  .object({
    id: z.string().min(1),
    broadcaster_user: z.object({ id: kickId, username: z.string(), profile_picture: z.string() }).strict(),
    channel: z.object({ slug: z.string() }).strict(),
    title: z.string(),
    category: kickCategory,
    started_at: z.string().datetime({ offset: true }),
    viewer_count: z.number().int().min(0),
    language_code: z.string(),
    has_mature_content: z.boolean(),
    thumbnail: z.string(),
    tags: z.array(z.string()),
  })
  .strict();

export const kickLivestreamsV2Answer = z.object({
  data: z.array(kickLivestreamV2),
  pagination: z.object({ next_cursor: z.string() }),
  message: z.string(),
});

/**
 * POST /oauth/token (KickDevDocs getting-started/generating-tokens-oauth2-flow.md): the examples show `expires_in` as
 * a string (""), client libraries read seconds.
 */
export const kickTokenAnswer = z.object({
  access_token: z.string().min(1),
  token_type: z.string(),
  refresh_token: z.string().min(1),
  expires_in: z.union([z.number(), z.string()]),
  scope: z.string(),
});

/** POST /public/v1/chat (KickDevDocs apis/chat.md, swagger). */
export const kickChatAnswer = z.object({
  data: z.object({ is_sent: z.boolean(), message_id: z.string() }),
  message: z.string(),
});

/** POST /public/v1/chat with `type: "bot"` before the app's bot account is enabled: HTTP 400 (KickDevDocs issue 123). */
export const kickChatChannelNotFound = z.object({ data: z.literal('Channel not found'), message: z.literal('Bad request') });
