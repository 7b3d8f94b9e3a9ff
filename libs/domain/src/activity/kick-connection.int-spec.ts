import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { QUEUES } from '@kickback/contracts';
import { integrationStack, FakeKickServer, kickUser, waitFor } from '@kickback/testing';
import { SecretsCipher } from '../leaderboard/secrets-cipher';
import { KickConnectionService } from './kick-connection.service';
import { KICK_TOKEN_PURPOSE } from './kick-token-cipher';
import { rekeyKickTokens } from './kick-tokens-rekey';

const STREAMER = { user_id: 5151, name: 'streamer', email: 'streamer@example.com', profile_picture: 'https://files.kick.com/s.png' };
const SCREEN = '/admin-new/kick-connection';

describe("the streamer's Kick connection: OAuth with PKCE, sealed tokens, chat replies with the user token", () => {
  const kick = new FakeKickServer('kickback-local', 'kickback-local-secret');
  let viewer = 6000;

  /** Our redirect to Kick's consent page and back, as the admin's browser follows it; `tamper` edits the authorize URL. */
  const connect = async (tamper?: (authorize: URL) => void) => {
    const start = await stack.admin.get('/auth/kick/connect');
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get('location')!);
    tamper?.(authorize);
    const consent = await fetch(authorize, { redirect: 'manual' });
    const callback = new URL(consent.headers.get('location')!);
    const done = await stack.admin.get(callback.pathname + callback.search);
    expect(done.status).toBe(302);
    return { authorize, location: done.headers.get('location') };
  };
  const status = async () => (await stack.admin.json('GET', '/api/admin/kick-connection')).body.data;
  const command = (content: string) =>
    kick.events.deliver('chat.message.sent', {
      broadcaster: kickUser(5151, 'streamer'),
      sender: kickUser(++viewer, `viewer${viewer}`),
      content,
    });
  const stored = async () =>
    (await stack.em.fork().execute<{ access_token_enc: string; refresh_token_enc: string }[]>('select * from kick_connection'))[0];

  kick.nextUser = STREAMER;
  // Replies are sent by the worker, from the queue the webhook writes to.
  const stack = integrationStack({ worker: true, admin: true, kick });

  beforeAll(async () => {
    expect(
      (await stack.admin.json('PUT', '/api/admin/activity/rules', { broadcaster_user_id: 5151, chat_commands_enabled: true })).status,
    ).toBe(200);
  });

  it('without a connection the command is applied but no reply is sent, and the screen says why; Kick refuses the app token on chat', async () => {
    const before = await status();
    expect(before).toEqual(expect.objectContaining({ connected: false, account: null }));
    expect(before.chat_replies).toEqual(
      expect.objectContaining({ on: false, reason: expect.stringContaining('No Kick account is connected'), failures: 0 }),
    );
    expect(await command('!points')).toBe(200);
    const queue = stack.worker.get<Queue>(getQueueToken(QUEUES.domainEvents));
    await waitFor(
      async () => {
        const [row] = await stack.em
          .fork()
          .execute<{ id: string }[]>(`select id::text as id from outbox_events where type = 'activity.chat-command'`);
        return row && (await (await queue.getJob(`evt-${row.id}`))?.isCompleted());
      },
      10_000,
      'the command answered from the queue',
    );
    expect(kick.events.chatMessages).toEqual([]);

    const app = await fetch(`${kick.url}/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'kickback-local', client_secret: 'kickback-local-secret' }),
    });
    const { access_token } = (await app.json()) as { access_token: string };
    const refused = await fetch(`${kick.url}/public/v1/chat`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'hi', type: 'bot' }),
    });
    expect(refused.status).toBe(401);
  });

  it('Kick verifies PKCE: a code asked for with another challenge is refused and nothing is stored; a wrong state is refused', async () => {
    const { location } = await connect((authorize) => authorize.searchParams.set('code_challenge', 'A'.repeat(43)));
    expect(location).toBe(`${SCREEN}?error=failed`);
    expect(await stored()).toBeUndefined();
    const wrongState = await connect((authorize) => authorize.searchParams.set('state', 'forged'));
    expect(wrongState.location).toBe(`${SCREEN}?error=state`);
    expect(await stored()).toBeUndefined();
  });

  it('connects with the scopes the features need, stores the tokens sealed, and replies reach chat with the user token', async () => {
    const { authorize, location } = await connect();
    expect(location).toBe(`${SCREEN}?connected=1`);
    expect(authorize.searchParams.get('scope')!.split(' ').sort()).toEqual([
      'channel:read',
      'channel:rewards:read',
      'channel:rewards:write',
      'chat:write',
      'events:subscribe',
      'moderation:ban',
      'user:read',
    ]);
    expect(authorize.searchParams.get('redirect_uri')).toMatch(/\/auth\/kick\/callback$/);

    const issued = kick.issued.at(-1)!;
    const row = (await stored())!;
    expect(row.access_token_enc).not.toContain(issued.access_token);
    expect(row.refresh_token_enc).not.toContain(issued.refresh_token);
    const cipher = new SecretsCipher(stack.env.SECRETS_KEY, undefined, KICK_TOKEN_PURPOSE);
    expect([cipher.open(row.access_token_enc), cipher.open(row.refresh_token_enc)]).toEqual([issued.access_token, issued.refresh_token]);

    const after = await status();
    expect(after).toEqual(
      expect.objectContaining({ connected: true, account: { kick_user_id: 5151, username: 'streamer' }, missing_scopes: [] }),
    );
    expect(after.chat_replies).toEqual(expect.objectContaining({ on: true, reason: null, as: 'user' }));

    expect(await command('!points')).toBe(200);
    await waitFor(() => kick.events.chatMessages.length === 1, 10_000, 'the reply');
    expect(kick.events.chatMessages).toEqual([
      { content: expect.stringContaining(`@viewer${viewer}`), type: 'user', broadcaster_user_id: 5151, message_id: expect.any(String) },
    ]);
  });

  it('a token Kick refuses turns bot replies off and the screen says why', async () => {
    await fetch(`${kick.url}/oauth/revoke?token=${kick.issued.at(-1)!.access_token}`, { method: 'POST' });
    expect(await command('!raffle')).toBe(200);
    await waitFor(async () => !(await status()).chat_replies.on, 10_000, 'replies off');
    expect(kick.events.chatMessages).toHaveLength(1);
    expect((await status()).chat_replies).toEqual(
      expect.objectContaining({ on: false, reason: expect.stringContaining('HTTP 401'), failures: 1 }),
    );
  });

  it('refreshes a token about to expire once, however many callers need it at the same time', async () => {
    kick.userTokenTtlSeconds = 120;
    expect((await connect()).location).toBe(`${SCREEN}?connected=1`);
    expect((await status()).chat_replies.on).toBe(true);
    const refreshes = () => kick.tokenRequests.filter((t) => t.grant_type === 'refresh_token').length;
    const before = refreshes();
    const connection = stack.api.app.get(KickConnectionService);
    const tokens = await Promise.all([connection.token(), connection.token(), connection.token()]);
    expect(refreshes()).toBe(before + 1);
    const fresh = kick.issued.at(-1)!.access_token;
    expect(tokens.map((t) => t?.accessToken)).toEqual([fresh, fresh, fresh]);
    // The upkeep job refreshes an unused connection the same way (the 2-minute token is due again).
    await connection.refreshIfDue();
    expect(refreshes()).toBe(before + 2);
    kick.userTokenTtlSeconds = 3600;
    await connection.refreshIfDue();
    const said = kick.events.chatMessages.length;
    expect(await command('!points')).toBe(200);
    await waitFor(() => kick.events.chatMessages.length === said + 1, 10_000, 'the reply with the refreshed token');
    expect(kick.events.chatMessages.at(-1)).toEqual(expect.objectContaining({ type: 'user', broadcaster_user_id: 5151 }));
  });

  it('disconnecting revokes both tokens at Kick and forgets them', async () => {
    const current = kick.issued.at(-1)!;
    const res = await stack.admin.json('DELETE', '/api/admin/kick-connection');
    expect(res.status).toBe(200);
    expect(res.body.data.connected).toBe(false);
    expect(kick.revoked).toEqual(expect.arrayContaining([current.access_token, current.refresh_token]));
    expect(await stored()).toBeUndefined();
    expect(kick.userToken(current.access_token)).toBeUndefined();
  });

  it('npm run secrets:rekey re-seals the tokens with the new key', async () => {
    expect((await connect()).location).toBe(`${SCREEN}?connected=1`);
    const issued = kick.issued.at(-1)!;
    const before = (await stored())!;
    const next = Buffer.alloc(32, 9).toString('base64');
    expect(await rekeyKickTokens(stack.em.fork(), next, stack.env.SECRETS_KEY)).toEqual({ resealed: 1, alreadyCurrent: 0 });
    const after = (await stored())!;
    expect(after.access_token_enc).not.toBe(before.access_token_enc);
    const nextOnly = new SecretsCipher(next, undefined, KICK_TOKEN_PURPOSE);
    expect([nextOnly.open(after.access_token_enc), nextOnly.open(after.refresh_token_enc)]).toEqual([
      issued.access_token,
      issued.refresh_token,
    ]);
    expect(() => new SecretsCipher(stack.env.SECRETS_KEY, undefined, KICK_TOKEN_PURPOSE).open(after.access_token_enc)).toThrow();
    // A casino-credential cipher on the same key cannot open a Kick token.
    expect(() => new SecretsCipher(next).open(after.access_token_enc)).toThrow();
    expect(await rekeyKickTokens(stack.em.fork(), next, stack.env.SECRETS_KEY)).toEqual({ resealed: 0, alreadyCurrent: 1 });
  });

  it('saving the channel by slug or by broadcaster id resolves the other at Kick; an unknown channel is a 422; a mismatch is shown', async () => {
    kick.events.channels.push({ broadcaster_user_id: 5151, slug: 'streamer' }, { broadcaster_user_id: 4242, slug: 'other' });
    const bySlug = await stack.admin.json('PUT', '/api/admin/kick-connection/channel', { slug: 'Streamer' });
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.data.channel).toEqual({
      slug: 'streamer',
      broadcaster_user_id: 5151,
      resolved_broadcaster_user_id: 5151,
      mismatch: null,
    });

    const byId = await stack.admin.json('PUT', '/api/admin/kick-connection/channel', { broadcaster_user_id: 4242 });
    expect(byId.body.data.channel).toEqual(expect.objectContaining({ slug: 'other', broadcaster_user_id: 4242, mismatch: null }));
    expect(await stack.em.fork().execute('select kick_channel_slug from site_settings')).toEqual([{ kick_channel_slug: 'other' }]);

    const unknown = await stack.admin.json('PUT', '/api/admin/kick-connection/channel', { slug: 'nobody' });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toEqual(expect.objectContaining({ success: false, errors: { slug: ['Kick knows no such channel.'] } }));
    const neither = await stack.admin.json('PUT', '/api/admin/kick-connection/channel', {});
    expect(neither.status).toBe(422);
    expect(neither.body.success).toBe(false);

    expect((await stack.admin.json('PUT', '/api/admin/activity/rules', { broadcaster_user_id: 5151 })).status).toBe(200);
    expect((await status()).channel.mismatch).toContain('broadcaster 5151');
  });

  it("an answer about the channel that is not Kick's documented shape is an error shown to the admin, and nothing is saved", async () => {
    const saved = async () => ({
      slug: (await stack.em.fork().execute('select kick_channel_slug from site_settings'))[0],
      broadcaster: (await stack.em.fork().execute('select broadcaster_user_id from activity_settings where id = 1'))[0],
    });
    const before = await saved();
    const refused = async (answer: unknown, input: object) => {
      kick.channels.channelsAnswer = answer;
      const res = await stack.admin.json('PUT', '/api/admin/kick-connection/channel', input);
      expect(res.status).toBe(502);
      expect(res.body).toEqual(
        expect.objectContaining({ success: false, message: expect.stringContaining("Kick's answer about the channel could not be read") }),
      );
    };
    try {
      // A string id, a missing slug, no `data` list, and a channel other than the one asked for.
      await refused({ data: [{ broadcaster_user_id: '7777', slug: 'streamer' }], message: 'OK' }, { slug: 'streamer' });
      await refused({ data: [{ broadcaster_user_id: 7777 }], message: 'OK' }, { broadcaster_user_id: 7777 });
      await refused({ message: 'OK' }, { slug: 'streamer' });
      await refused({ data: [{ broadcaster_user_id: 7777, slug: 'someone-else' }], message: 'OK' }, { slug: 'streamer' });
      await refused({ data: [{ broadcaster_user_id: 7777, slug: 'streamer' }], message: 'OK' }, { broadcaster_user_id: 5151 });
    } finally {
      kick.channels.channelsAnswer = undefined;
    }
    expect(await saved()).toEqual(before);
  });
});
