import { createPublicKey, createSign, generateKeyPairSync, randomBytes, randomInt, randomUUID, type KeyObject } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { body, json } from './fake-http';
import type { FakeKickChannel } from './fake-kick-channels';

export interface FakeKickSubscription {
  id: string;
  app_id: string;
  broadcaster_user_id: number;
  event: string;
  version: number;
  method: 'webhook';
  created_at: string;
  updated_at: string;
}

export interface FakeChatMessage {
  content: string;
  type: 'bot' | 'user';
  /** The channel it was posted in: the body's broadcaster for `user`; for an enabled bot, the token owner's channel. */
  broadcaster_user_id: number | undefined;
  /** The message it answers, when the body named one (Kick threads the reply under it). */
  reply_to_message_id?: string;
  /** Kick's id of the posted message (the answer's `data.message_id`). */
  message_id: string;
}

/** Every POST /public/v1/chat the fake received, posted or not, in order. */
export interface FakeChatRequest {
  body: Record<string, unknown>;
  status: number;
}

/**
 * How the fake answers `type: "bot"` (docs/kick.md "Chat"): 'channel-not-found' until the app's bot account is enabled
 * in Kick's developer settings (KickDevDocs issue 123: HTTP 400 `{"data":"Channel not found","message":"Bad request"}`),
 * 'server-error' as many developers report with the bot enabled, the channel owner's token included (issue 343: 500),
 * 'enabled' posting as the app's bot account into the token owner's channel (apis/chat.md; issue 402 reports it
 * landing in the bot's own channel for some).
 */
export type FakeBotChat = 'channel-not-found' | 'server-error' | 'enabled';

/** A user token as Kick's OAuth side issued it (FakeKickServer): whose it is and what it may do. */
export interface FakeUserToken {
  user_id: number;
  username?: string;
  scopes: string[];
}

export interface DeliveryOptions {
  messageId?: string;
  /** RFC 3339, as Kick sends it; defaults to now. */
  timestamp?: string;
  version?: number;
  subscriptionId?: string;
  /** Signs with another key, as a forger without Kick's private key would. */
  forge?: boolean;
}

export interface SignedDelivery {
  headers: Record<string, string>;
  body: string;
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A ULID (48-bit time, 80 random bits, Crockford base32), the form of Kick's message ids. */
export function ulid(now = Date.now()): string {
  let time = '';
  for (let t = now, i = 0; i < 10; i++, t = Math.floor(t / 32)) time = CROCKFORD[t % 32] + time;
  let random = '';
  for (let i = 0; i < 16; i++) random += CROCKFORD[randomInt(32)];
  return time + random;
}

/**
 * Kick's events side (docs/kick.md "Webhooks & subscriptions", "Chat"): an RSA key pair whose public half is served at
 * GET /public/v1/public-key, app-token-only subscriptions (POST/GET/DELETE /public/v1/events/subscriptions; the same
 * subscription can be made twice, as on Kick), the chat API
 * (POST /public/v1/chat: user tokens with chat:write only, the app token is refused), and `deliver`, which signs a
 * payload exactly as Kick does (RSA PKCS#1 v1.5 SHA-256 over `messageId.timestamp.body`, base64) and POSTs it to the
 * webhook URL with every Kick header; `deliverToSubscribers` sends one per subscription, and failed deliveries can
 * unsubscribe (`unsubscribeAfterFailures`).
 */
export class FakeKickEvents {
  private readonly keys: { publicKey: KeyObject; privateKey: KeyObject };
  private readonly forgerKey: KeyObject = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  private readonly appTokens = new Set<string>();
  readonly subscriptions: FakeKickSubscription[] = [];
  /** Messages the chat API posted. */
  readonly chatMessages: FakeChatMessage[] = [];
  readonly chatRequests: FakeChatRequest[] = [];
  botChat: FakeBotChat = 'channel-not-found';
  /** The app's bot account (what `bot` posts as once enabled). */
  botAccount = { user_id: 4_242_424, username: 'kickback_bot' };
  /** Answers the next chat POSTs give instead of Kick's usual one, in order (a 500, a 429 with Retry-After). */
  readonly chatScript: { status: number; headers?: Record<string, string>; body?: unknown }[] = [];
  /** While set, every chat POST waits for it before answering (a slow Kick); `chatWaiting` counts the held ones. */
  chatGate: Promise<void> | null = null;
  chatWaiting = 0;
  /** Chat POSTs answered so far (a held one counts once its answer is written). */
  chatAnswered = 0;
  /**
   * Kick delivers every posted chat message back to the app's webhook as `chat.message.sent` (docs/kick.md "Chat"):
   * when on, the fake does so right after answering the send, from the account that posted it.
   */
  echoChat = false;
  /** The echo deliveries' statuses, in order. */
  readonly echoes: Promise<number>[] = [];
  publicKeyRequests = 0;
  /** Looks up a user token (set by FakeKickServer); chat takes only these, with chat:write, as Kick does. */
  userToken: (token: string) => FakeUserToken | undefined = () => undefined;
  /** Channels GET /public/v1/channels knows, by slug or broadcaster id (served by FakeKickChannels). */
  readonly channels: FakeKickChannel[] = [];
  /** Kick drops a subscription whose deliveries keep failing (a day of it); here after this many in a row (0: never). */
  unsubscribeAfterFailures = 0;
  private readonly failuresInARow = new Map<string, number>();
  /** When set, GET /public/v1/public-key answers this status (Kick's has answered 403) instead of the key. */
  publicKeyFailure: number | null = null;
  /** The fake's clock: deliveries are stamped (and their ids timed) by it, so a test can send them from the past. */
  now: () => number = () => Date.now();
  webhookUrl = '';

  /**
   * `signingKey`: the private key to sign with, for fakes that stand in for one Kick in turn (Kick keeps its key, and
   * the product caches it); a new pair otherwise.
   */
  constructor(signingKey?: KeyObject) {
    this.keys = signingKey
      ? { privateKey: signingKey, publicKey: createPublicKey(signingKey) }
      : generateKeyPairSync('rsa', { modulusLength: 2048 });
  }

  issueAppToken(): string {
    const token = randomBytes(20).toString('hex');
    this.appTokens.add(token);
    return token;
  }

  /** Replaces the key pair, as Kick would on a rotation: the old public key no longer verifies. */
  rotateKey(): void {
    const next = generateKeyPairSync('rsa', { modulusLength: 2048 });
    Object.assign(this.keys, next);
  }

  get publicKeyPem(): string {
    return this.keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  }

  /** Headers and body of one delivery, signed; `deliver` sends it, the bench sends many. */
  sign(type: string, payload: unknown, options: DeliveryOptions = {}): SignedDelivery {
    const messageId = options.messageId ?? ulid(this.now());
    const timestamp = options.timestamp ?? new Date(this.now()).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const raw = JSON.stringify(payload);
    const signer = createSign('RSA-SHA256');
    signer.update(`${messageId}.${timestamp}.${raw}`);
    const signature = signer.sign(options.forge ? this.forgerKey : this.keys.privateKey, 'base64');
    return {
      body: raw,
      headers: {
        'content-type': 'application/json',
        'kick-event-message-id': messageId,
        'kick-event-subscription-id': options.subscriptionId ?? this.subscriptions.find((s) => s.event === type)?.id ?? ulid(),
        'kick-event-signature': signature,
        'kick-event-message-timestamp': timestamp,
        'kick-event-type': type,
        'kick-event-version': String(options.version ?? 1),
      },
    };
  }

  /** POSTs a delivery signed earlier again, byte for byte, as Kick's retries do (hours later, same message id). */
  async send(delivery: SignedDelivery, url = this.webhookUrl): Promise<number> {
    const res = await fetch(url, { method: 'POST', headers: delivery.headers, body: delivery.body });
    await res.arrayBuffer();
    return res.status;
  }

  /** Signs and POSTs one event to `webhookUrl` (or `url`); answers the status our endpoint gave. */
  async deliver(type: string, payload: unknown, options: DeliveryOptions & { url?: string } = {}): Promise<number> {
    const delivery = this.sign(type, payload, options);
    const res = await fetch(options.url ?? this.webhookUrl, { method: 'POST', headers: delivery.headers, body: delivery.body });
    await res.arrayBuffer();
    this.noteDelivery(delivery.headers['kick-event-subscription-id']!, res.status);
    return res.status;
  }

  /**
   * Delivers one event as Kick does when it holds several subscriptions for it: once per subscription of that event
   * (and broadcaster, when given), each with its own message id. Answers the statuses, one per subscription.
   */
  async deliverToSubscribers(type: string, payload: unknown, broadcasterUserId?: number): Promise<number[]> {
    const subs = this.subscriptions.filter(
      (s) => s.event === type && (broadcasterUserId === undefined || s.broadcaster_user_id === broadcasterUserId),
    );
    const statuses: number[] = [];
    for (const sub of subs) statuses.push(await this.deliver(type, payload, { subscriptionId: sub.id }));
    return statuses;
  }

  /**
   * One event delivered under each of these subscription ids, each with its own message id, as Kick does when an app
   * holds two subscriptions for it (docs/kick.md "Events": a duplicate made by hand, a second deploy of the same app).
   */
  async deliverUnder(type: string, payload: unknown, subscriptionIds: string[], options: DeliveryOptions = {}): Promise<number[]> {
    const statuses: number[] = [];
    for (const subscriptionId of subscriptionIds) statuses.push(await this.deliver(type, payload, { ...options, subscriptionId }));
    return statuses;
  }

  /** Kick's automatic unsubscribe: the subscription is gone, as after a day of failed deliveries. */
  drop(event: string, broadcasterUserId?: number): void {
    for (let i = this.subscriptions.length - 1; i >= 0; i--) {
      const s = this.subscriptions[i]!;
      if (s.event === event && (broadcasterUserId === undefined || s.broadcaster_user_id === broadcasterUserId))
        this.subscriptions.splice(i, 1);
    }
  }

  private noteDelivery(subscriptionId: string, status: number): void {
    if (status >= 200 && status < 300) return void this.failuresInARow.delete(subscriptionId);
    const failures = (this.failuresInARow.get(subscriptionId) ?? 0) + 1;
    this.failuresInARow.set(subscriptionId, failures);
    if (this.unsubscribeAfterFailures && failures >= this.unsubscribeAfterFailures) {
      const at = this.subscriptions.findIndex((s) => s.id === subscriptionId);
      if (at >= 0) this.subscriptions.splice(at, 1);
    }
  }

  /** Handles the events routes; false when the path is not one of them. */
  async route(req: IncomingMessage, url: URL, res: ServerResponse): Promise<boolean> {
    const path = url.pathname;
    if (req.method === 'GET' && path === '/public/v1/public-key') {
      this.publicKeyRequests++;
      if (this.publicKeyFailure) json(res, this.publicKeyFailure, { message: 'Forbidden' });
      else json(res, 200, { data: { public_key: this.publicKeyPem }, message: 'OK' });
      return true;
    }
    if (path !== '/public/v1/events/subscriptions' && path !== '/public/v1/chat') return false;
    const token = bearer(req);
    const user = this.userToken(token);
    // Scopes apply to user tokens only: chat takes a user token with chat:write and refuses the app's token.
    if (path === '/public/v1/chat') {
      if (!user || !user.scopes.includes('chat:write')) json(res, 401, { data: {}, message: 'Unauthorized' });
      else if (req.method === 'POST') await this.chat(await body(req), res, user);
      else json(res, 405, { message: 'Method not allowed' });
      return true;
    }
    if (!this.appTokens.has(token)) {
      json(res, 401, { message: 'Unauthorized' });
      return true;
    }
    if (req.method === 'POST') this.subscribe(await body(req), res);
    else if (req.method === 'GET') json(res, 200, { data: this.subscriptions, message: 'OK' });
    else if (req.method === 'DELETE') this.unsubscribe(url.searchParams.getAll('id'), res);
    else json(res, 405, { message: 'Method not allowed' });
    return true;
  }

  private subscribe(raw: string, res: ServerResponse): void {
    const input = parse(raw) as { broadcaster_user_id?: unknown; events?: { name?: unknown; version?: unknown }[]; method?: unknown };
    if (!input || typeof input.broadcaster_user_id !== 'number' || !Array.isArray(input.events) || input.method !== 'webhook')
      return json(res, 400, { message: 'Invalid request' });
    const data = input.events.map((e) => {
      const name = String(e.name);
      const version = Number(e.version ?? 1);
      const now = new Date().toISOString();
      const sub: FakeKickSubscription = {
        id: ulid(),
        app_id: 'fake-app',
        broadcaster_user_id: input.broadcaster_user_id as number,
        event: name,
        version,
        method: 'webhook',
        created_at: now,
        updated_at: now,
      };
      this.subscriptions.push(sub);
      return { name, version, subscription_id: sub.id, error: null };
    });
    json(res, 200, { data, message: 'OK' });
  }

  private unsubscribe(ids: string[], res: ServerResponse): void {
    for (const id of ids) {
      const at = this.subscriptions.findIndex((s) => s.id === id);
      if (at >= 0) this.subscriptions.splice(at, 1);
    }
    res.writeHead(204);
    res.end();
  }

  /**
   * POST /public/v1/chat (KickDevDocs apis/chat.md and the swagger it embeds): `{ type: "user" | "bot", content (at most 500 characters),
   * broadcaster_user_id (required for "user"), reply_to_message_id? }` → `{ data: { is_sent, message_id }, message }`.
   * `bot` answers as `botChat` says; a scripted answer (`chatScript`) posts nothing.
   */
  private async chat(raw: string, res: ServerResponse, sender: FakeUserToken): Promise<void> {
    const input = parse(raw) as Record<string, unknown> | null;
    const answer = async (status: number, body: unknown, headers: Record<string, string> = {}) => {
      this.chatRequests.push({ body: input ?? {}, status });
      if (this.chatGate) {
        this.chatWaiting++;
        await this.chatGate;
        this.chatWaiting--;
      }
      json(res, status, body, headers);
      this.chatAnswered++;
    };
    if (
      !input ||
      typeof input.content !== 'string' ||
      Array.from(input.content).length > 500 ||
      !['bot', 'user'].includes(String(input.type)) ||
      (input.type === 'user' && typeof input.broadcaster_user_id !== 'number') ||
      (input.reply_to_message_id !== undefined && typeof input.reply_to_message_id !== 'string')
    )
      return answer(400, { data: {}, message: 'Invalid request' });
    const scripted = this.chatScript.shift();
    if (scripted) return answer(scripted.status, scripted.body ?? { data: {}, message: 'Server error' }, scripted.headers);
    if (input.type === 'bot' && this.botChat === 'channel-not-found')
      return answer(400, { data: 'Channel not found', message: 'Bad request' });
    if (input.type === 'bot' && this.botChat === 'server-error') return answer(500, { data: {}, message: 'Internal server error' });
    const asBot = input.type === 'bot';
    const message: FakeChatMessage = {
      content: input.content,
      type: asBot ? 'bot' : 'user',
      // apis/chat.md: a bot message goes to the channel of the token's owner, whatever the body says.
      broadcaster_user_id: asBot ? sender.user_id : (input.broadcaster_user_id as number),
      ...(typeof input.reply_to_message_id === 'string' ? { reply_to_message_id: input.reply_to_message_id } : {}),
      message_id: randomUUID(),
    };
    this.chatMessages.push(message);
    await answer(200, { data: { is_sent: true, message_id: message.message_id }, message: 'OK' });
    const poster = asBot ? this.botAccount : { user_id: sender.user_id, username: sender.username ?? `user_${sender.user_id}` };
    if (this.echoChat && this.webhookUrl) this.echoes.push(this.deliver('chat.message.sent', this.echo(message, poster)));
  }

  /** The `chat.message.sent` payload Kick sends for a posted message (KickDevDocs events/event-types.md). */
  private echo(message: FakeChatMessage, poster: { user_id: number; username: string }) {
    return {
      message_id: message.message_id,
      ...(message.reply_to_message_id ? { replies_to: { message_id: message.reply_to_message_id } } : {}),
      broadcaster: kickUser(message.broadcaster_user_id ?? 0, `channel_${message.broadcaster_user_id}`),
      sender: kickUser(poster.user_id, poster.username),
      content: message.content,
      emotes: [],
      created_at: new Date(this.now()).toISOString(),
    };
  }

  /** Whether a request carries a token Kick issued (an app token or a live user token). */
  isIssued(req: IncomingMessage): boolean {
    const token = bearer(req);
    return this.appTokens.has(token) || !!this.userToken(token);
  }
}

const bearer = (req: IncomingMessage) => /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';

function parse(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/**
 * A `chat.message.sent` payload as Kick sends it (KickDevDocs events/event-types.md): viewer `from` typed `content` in
 * the chat of channel `broadcaster`, `ago` ms before now.
 */
export function kickChatMessage(broadcaster: number, from: number, content: string, options: { messageId: string; ago?: number }) {
  return {
    message_id: options.messageId,
    broadcaster: kickUser(broadcaster, 'streamer'),
    sender: kickUser(from, `viewer${from}`),
    content,
    emotes: [],
    created_at: new Date(Date.now() - (options.ago ?? 0)).toISOString(),
  };
}

/** A Kick user block as event payloads carry it (sender, follower, subscriber, gifter, redeemer). */
export function kickUser(userId: number, username: string) {
  return {
    is_anonymous: false,
    user_id: userId,
    username,
    is_verified: false,
    profile_picture: 'https://files.kick.com/avatar.png',
    channel_slug: username.toLowerCase(),
    identity: { username_color: '#FF5733', badges: [] as { text: string; type: string; count?: number }[] },
  };
}
