import { Injectable } from '@nestjs/common';
import { AppConfig } from '@kickback/platform';
import type { ZodError } from 'zod';
import { channelLiveAnswer, channelLookupAnswer } from './kick-api-schemas';
import { kickRequest } from './kick-request';
import { kickExpiresIn, tokenExpiresAt } from './kick-token-expiry';

export interface SubscribeResult {
  name: string;
  version: number;
  subscription_id: string | null;
  error: string | null;
}

export interface ListedSubscription {
  id: string;
  event: string;
  version: number;
  broadcaster_user_id: number;
  created_at?: string;
}

export interface KickChannel {
  broadcaster_user_id: number;
  slug: string;
}

/** The live state Kick's channel lookup gives, with the stream's title and category as the channel shows them. */
export type ChannelLive = { title: string | null; category: string | null } & ({ is_live: true; started_at: string } | { is_live: false });

/** Kick answered 200 with something that is not its documented shape (docs/kick.md). */
export class KickShapeError extends Error {
  constructor(
    readonly what: string,
    readonly reason: string,
  ) {
    super(`Kick ${what}: unexpected answer (${reason})`);
  }
}

const describeIssues = (error: ZodError) =>
  error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || 'answer'}: ${i.message}`)
    .join('; ');

/** Kick answered a call with an error status (after the retries kickRequest makes on 429/5xx). */
export class KickHttpError extends Error {
  constructor(
    readonly status: number,
    what: string,
    /** Kick's own words, when its answer carried some ("Channel not found"). */
    readonly kickSays: string | null = null,
  ) {
    super(`Kick ${what}: HTTP ${status}${kickSays ? ` (${kickSays})` : ''}`);
  }
}

/** Kick's error text: `data` when it is a string ("Channel not found"), else `message`; at most 120 characters. */
function kickMessage(text: string): string | null {
  const body = parseJson(text) as { data?: unknown; message?: unknown } | null;
  const said = typeof body?.data === 'string' ? body.data : typeof body?.message === 'string' ? body.message : null;
  return said ? said.slice(0, 120) : null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const CHAT_MAX_CODE_POINTS = 500;
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * Kick caps a chat message at 500 characters (docs/kick.md "Chat"): the text is cut after the last whole grapheme
 * that fits in 500 code points, so neither a surrogate pair nor an emoji sequence (a flag, a family, a skin tone) is
 * ever cut in half.
 */
export function chatContent(content: string): string {
  if (Array.from(content).length <= CHAT_MAX_CODE_POINTS) return content;
  let kept = '';
  let codePoints = 0;
  for (const { segment } of graphemes.segment(content)) {
    codePoints += Array.from(segment).length;
    if (codePoints > CHAT_MAX_CODE_POINTS) break;
    kept += segment;
  }
  return kept;
}

export type KickChatType = 'user' | 'bot';

export interface ChatMessageToSend {
  broadcasterUserId: number;
  type: KickChatType;
  content: string;
  /** Kick's id of the message this one answers: the reply is threaded under it. */
  replyTo?: string | null;
}

/**
 * Kick's API: event subscriptions and channel lookups with the app's own token (client_credentials,
 * KICK_CLIENT_ID/SECRET, kept until shortly before it expires), and chat messages with the connected account's user
 * token, since Kick applies `chat:write` to user tokens only and refuses the app token there.
 */
@Injectable()
export class KickAppClient {
  private token: { value: string; expiresAt: number } | null = null;

  constructor(private readonly config: AppConfig) {}

  async subscribe(broadcasterUserId: number, events: readonly string[]): Promise<SubscribeResult[]> {
    const body = await this.call<{ data: SubscribeResult[] }>('POST', '/public/v1/events/subscriptions', {
      broadcaster_user_id: broadcasterUserId,
      events: events.map((name) => ({ name, version: 1 })),
      method: 'webhook',
    });
    return body.data;
  }

  /** Every subscription of the app, whichever broadcaster it is for. */
  async list(): Promise<ListedSubscription[]> {
    return (await this.call<{ data: ListedSubscription[] }>('GET', '/public/v1/events/subscriptions')).data;
  }

  /**
   * Whether the broadcaster's channel is live, from the per-channel lookup (GET /public/v1/channels; docs/kick.md "Live
   * state": v2 livestreams lists every channel and cannot be asked about one). An answer that is not Kick's documented
   * shape, or names no channel for the broadcaster, is a KickShapeError: the caller must not act on it.
   */
  async channelLive(broadcasterUserId: number): Promise<ChannelLive> {
    const what = 'GET /public/v1/channels';
    let body: unknown;
    try {
      body = await this.call<unknown>('GET', `/public/v1/channels?broadcaster_user_id=${broadcasterUserId}`);
    } catch (err) {
      if (err instanceof SyntaxError) throw new KickShapeError(what, 'not JSON');
      throw err;
    }
    const parsed = channelLiveAnswer.safeParse(body);
    if (!parsed.success) throw new KickShapeError(what, describeIssues(parsed.error));
    const channel = parsed.data.data.find((c) => c.broadcaster_user_id === broadcasterUserId);
    if (!channel) throw new KickShapeError(what, `no channel for broadcaster ${broadcasterUserId}`);
    const title = channel.stream_title?.trim() || null;
    const category = channel.category?.name.trim() || null;
    if (!channel.stream.is_live) return { is_live: false, title, category };
    const startedAt = channel.stream.start_time ? Date.parse(channel.stream.start_time) : NaN;
    if (Number.isNaN(startedAt)) throw new KickShapeError(what, 'a live stream without a readable start_time');
    return { is_live: true, started_at: new Date(startedAt).toISOString(), title, category };
  }

  async unsubscribe(ids: string[]): Promise<void> {
    if (!ids.length) return;
    const query = new URLSearchParams(ids.map((id): [string, string] => ['id', id]));
    await this.call('DELETE', `/public/v1/events/subscriptions?${query}`);
  }

  /**
   * The channel by slug or broadcaster id; null when Kick knows none. An answer that is not Kick's documented shape,
   * or names a channel other than the one asked for, is a KickShapeError: nothing may be saved from it.
   */
  async channel(by: { slug: string } | { broadcaster_user_id: number }): Promise<KickChannel | null> {
    const what = 'GET /public/v1/channels';
    const query = 'slug' in by ? `slug=${encodeURIComponent(by.slug)}` : `broadcaster_user_id=${by.broadcaster_user_id}`;
    let body: unknown;
    try {
      body = await this.call<unknown>('GET', `/public/v1/channels?${query}`);
    } catch (err) {
      if (err instanceof SyntaxError) throw new KickShapeError(what, 'not JSON');
      throw err;
    }
    const parsed = channelLookupAnswer.safeParse(body);
    if (!parsed.success) throw new KickShapeError(what, describeIssues(parsed.error));
    const [found, ...more] = parsed.data.data;
    if (!found) return null;
    // Slugs are matched without case: Kick's are lower case, and an admin may type "Streamer".
    const asked = 'slug' in by ? found.slug.toLowerCase() === by.slug.toLowerCase() : found.broadcaster_user_id === by.broadcaster_user_id;
    if (!asked || more.length) throw new KickShapeError(what, 'the answer names a channel other than the one asked for');
    return { broadcaster_user_id: found.broadcaster_user_id, slug: found.slug };
  }

  /**
   * POST /public/v1/chat with the connected account's user token; answers Kick's id of the posted message. Sent once:
   * a 5xx or a timeout may have posted it, so only a 429 (honouring Retry-After) or a refused connection is tried
   * again (kickRequest's `idempotent: false`). Throws KickHttpError with Kick's answer when it is not a success.
   */
  async sendChatMessage(userToken: string, message: ChatMessageToSend): Promise<{ messageId: string | null }> {
    const res = await kickRequest(new URL('/public/v1/chat', this.config.env.KICK_API_URL), {
      method: 'POST',
      idempotent: false,
      headers: { authorization: `Bearer ${userToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        type: message.type,
        content: chatContent(message.content),
        // Required for `user`; `bot` posts where Kick decides (the bot account's channel for some, docs/kick.md).
        broadcaster_user_id: message.broadcasterUserId,
        ...(message.replyTo ? { reply_to_message_id: message.replyTo } : {}),
      }),
    });
    const text = await res.text().catch(() => '');
    if (!res.ok) throw new KickHttpError(res.status, 'POST /public/v1/chat', kickMessage(text));
    const body = parseJson(text) as { data?: { message_id?: unknown } } | null;
    const id = body?.data?.message_id;
    return { messageId: typeof id === 'string' && id.length <= 100 ? id : null };
  }

  private async call<T>(method: string, path: string, json?: unknown): Promise<T> {
    const res = await kickRequest(new URL(path, this.config.env.KICK_API_URL), {
      method,
      headers: { authorization: `Bearer ${await this.appToken()}`, ...(json ? { 'content-type': 'application/json' } : {}) },
      body: json ? JSON.stringify(json) : undefined,
    });
    if (res.status === 401) this.token = null;
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw new KickHttpError(res.status, `${method} ${path.split('?')[0]}`);
    }
    return (res.status === 204 ? {} : await res.json()) as T;
  }

  private async appToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const res = await kickRequest(new URL('/oauth/token', this.config.env.KICK_AUTH_URL), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: this.config.env.KICK_CLIENT_ID,
        client_secret: this.config.env.KICK_CLIENT_SECRET,
      }),
    });
    if (!res.ok) throw new KickHttpError(res.status, 'app token');
    const body = (await res.json()) as { access_token: string; expires_in?: unknown };
    // `expires_in` may be "" (Kick's own examples) or missing: both mean the safe default, never "expired already".
    const expiresAt = tokenExpiresAt(kickExpiresIn.parse(body.expires_in)).getTime();
    // Renewed a minute early, so a call made just before expiry does not carry a token Kick already refuses.
    this.token = { value: body.access_token, expiresAt: Math.max(Date.now() + 60_000, expiresAt - 60_000) };
    return this.token.value;
  }
}
