import { Injectable } from '@nestjs/common';
import { AppConfig } from '@kickback/platform';
import type { ZodError } from 'zod';
import { channelLiveAnswer } from './kick-api-schemas';
import { kickRequest } from './kick-request';

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
  ) {
    super(`Kick ${what}: HTTP ${status}`);
  }
}

/** Kick caps a chat message at 500 characters; cutting by code point never splits a surrogate pair. */
export const chatContent = (content: string): string => Array.from(content).slice(0, 500).join('');

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

  /** The channel by slug or broadcaster id; null when Kick knows none. */
  async channel(by: { slug: string } | { broadcaster_user_id: number }): Promise<KickChannel | null> {
    const query = 'slug' in by ? `slug=${encodeURIComponent(by.slug)}` : `broadcaster_user_id=${by.broadcaster_user_id}`;
    const body = await this.call<{ data?: { broadcaster_user_id: number | string; slug: string }[] }>(
      'GET',
      `/public/v1/channels?${query}`,
    );
    const found = body.data?.[0];
    return found ? { broadcaster_user_id: Number(found.broadcaster_user_id), slug: found.slug } : null;
  }

  /**
   * Posts as the connected account: `bot` when that account is the broadcaster (Kick then posts to the token owner's
   * channel), otherwise `user` into the broadcaster's chat (a bot account the streamer made a moderator).
   */
  async sendChatMessage(userToken: string, message: { broadcasterUserId: number; asBot: boolean; content: string }): Promise<void> {
    const res = await kickRequest(new URL('/public/v1/chat', this.config.env.KICK_API_URL), {
      method: 'POST',
      headers: { authorization: `Bearer ${userToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        broadcaster_user_id: message.broadcasterUserId,
        content: chatContent(message.content),
        type: message.asBot ? 'bot' : 'user',
      }),
    });
    await res.body?.cancel().catch(() => undefined);
    if (!res.ok) throw new KickHttpError(res.status, 'POST /public/v1/chat');
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
    const body = (await res.json()) as { access_token: string; expires_in?: number };
    this.token = { value: body.access_token, expiresAt: Date.now() + Math.max(60, (body.expires_in ?? 3600) - 60) * 1000 };
    return this.token.value;
  }
}
