import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { FakeKickServer } from './fake-kick.server';

/**
 * The fake Kick's chat answers checked against schemas written from Kick's own sources (docs/kick.md "Chat"), so the
 * fake cannot drift back to our reading of them.
 */

/** apis/chat.md (the swagger's `/chat`): a sent message. */
const sentAnswer = z.object({ data: z.object({ is_sent: z.literal(true), message_id: z.string().min(1) }), message: z.string() }).strict();
/** KickDevDocs issue 123: `bot` before the app's bot account is enabled, answered 400. */
const channelNotFound = z.object({ data: z.literal('Channel not found'), message: z.literal('Bad request') }).strict();
const kickUser = z
  .object({
    is_anonymous: z.boolean(),
    user_id: z.number().int().positive(),
    username: z.string(),
    is_verified: z.boolean(),
    profile_picture: z.string(),
    channel_slug: z.string(),
    identity: z
      .object({ username_color: z.string(), badges: z.array(z.object({ text: z.string(), type: z.string() }).passthrough()) })
      .nullable(),
  })
  .strict();
/** events/event-types.md "Chat Message": what Kick delivers for every message of the channel, ours included. */
const chatMessageSent = z
  .object({
    message_id: z.string().min(1),
    replies_to: z.object({ message_id: z.string() }).passthrough().optional(),
    broadcaster: kickUser,
    sender: kickUser,
    content: z.string(),
    emotes: z.array(z.unknown()),
    created_at: z.string().datetime({ offset: true }),
  })
  .strict();

describe('fake Kick chat: the shapes Kick documents and reports', () => {
  const kick = new FakeKickServer('client', 'secret');
  let webhook: Server;
  const delivered: { headers: Record<string, string | string[] | undefined>; body: unknown }[] = [];
  let token = '';

  const post = async (body: Record<string, unknown>) => {
    const res = await fetch(`${kick.url}/public/v1/chat`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as unknown };
  };

  beforeAll(async () => {
    await kick.start();
    webhook = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        delivered.push({ headers: req.headers, body: JSON.parse(raw) });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
    kick.events.webhookUrl = `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/`;
    // A user token with chat:write, as the OAuth flow issues it.
    const verifier = 'v'.repeat(43);
    const challenge = (await import('node:crypto')).createHash('sha256').update(verifier).digest('base64url');
    const authorize = new URL(`${kick.url}/oauth/authorize`);
    for (const [k, v] of Object.entries({
      response_type: 'code',
      client_id: 'client',
      redirect_uri: 'http://localhost/cb',
      state: 's',
      scope: 'user:read chat:write',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }))
      authorize.searchParams.set(k, v);
    const code = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!).searchParams.get('code')!;
    const exchanged = await fetch(`${kick.url}/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        client_id: 'client',
        client_secret: 'secret',
        redirect_uri: 'http://localhost/cb',
        code_verifier: verifier,
      }),
    });
    token = ((await exchanged.json()) as { access_token: string }).access_token;
  });
  afterAll(async () => {
    await kick.stop();
    await new Promise<void>((resolve) => webhook.close(() => resolve()));
  });

  it('answers type "user" with broadcaster_user_id as documented, and refuses it without one', async () => {
    const sent = await post({ type: 'user', content: 'hi', broadcaster_user_id: 5151, reply_to_message_id: 'm-1' });
    expect(sent.status).toBe(200);
    expect(sentAnswer.parse(sent.body)).toBeTruthy();
    expect((await post({ type: 'user', content: 'hi' })).status).toBe(400);
  });

  it('answers type "bot" as Kick reports: "Channel not found" until enabled (issue 123), 500 (issue 343), else posted', async () => {
    kick.events.botChat = 'channel-not-found';
    const notFound = await post({ type: 'bot', content: 'hi' });
    expect(notFound.status).toBe(400);
    expect(channelNotFound.parse(notFound.body)).toBeTruthy();
    kick.events.botChat = 'server-error';
    expect((await post({ type: 'bot', content: 'hi' })).status).toBe(500);
    kick.events.botChat = 'enabled';
    const sent = await post({ type: 'bot', content: 'hi' });
    expect(sentAnswer.parse(sent.body)).toBeTruthy();
  });

  it('echoes a posted message as a chat.message.sent delivery with Kick’s headers and payload', async () => {
    kick.events.echoChat = true;
    const sent = await post({ type: 'user', content: 'echo me', broadcaster_user_id: 5151, reply_to_message_id: 'm-2' });
    const id = sentAnswer.parse(sent.body).data.message_id;
    await Promise.all(kick.events.echoes);
    const echo = delivered.at(-1)!;
    expect(echo.headers['kick-event-type']).toBe('chat.message.sent');
    expect(echo.headers['kick-event-subscription-id']).toEqual(expect.any(String));
    const payload = chatMessageSent.parse(echo.body);
    expect(payload).toEqual(expect.objectContaining({ message_id: id, content: 'echo me', replies_to: { message_id: 'm-2' } }));
  });

  it('delivers one event under two subscription ids, each with its own message id', async () => {
    const before = delivered.length;
    await kick.events.deliverUnder('channel.followed', { follower: { user_id: 1 } }, ['SUB-A', 'SUB-B']);
    const two = delivered.slice(before);
    expect(two.map((d) => d.headers['kick-event-subscription-id'])).toEqual(['SUB-A', 'SUB-B']);
    expect(new Set(two.map((d) => d.headers['kick-event-message-id'])).size).toBe(2);
  });
});
