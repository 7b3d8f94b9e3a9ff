import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  kickChannelsAnswer,
  kickChatAnswer,
  kickChatChannelNotFound,
  kickLivestreamsV2Answer,
  kickTokenAnswer,
} from '@kickback/domain/activity/kick-api-schemas';
import {
  kickRedemptionsDecidedAnswer,
  kickRewardCreatedAnswer,
  kickRewardsAnswer,
} from '@kickback/domain/activity/kick-channel-admin.client';
import { FakeKickServer } from './fake-kick.server';

const CLIENT = 'shape-client';
const SECRET = 'shape-secret';
const OURS = 4242;
const DAY = 24 * 3600 * 1000;

/**
 * The fake Kick answers in Kick's documented shapes (the schemas are written from the sources docs/kick.md names), so
 * the product is tested against Kick and not against our reading of it. A fake shape that drifts fails here.
 */
describe("the fake Kick's answers have Kick's documented shapes", () => {
  const kick = new FakeKickServer(CLIENT, SECRET);
  let clock = Date.parse('2026-11-29T05:00:00Z');

  const get = async (path: string, token: string) => {
    const res = await fetch(`${kick.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, body: (await res.json()) as unknown };
  };
  const tokenRequest = async (form: Record<string, string>) => {
    const res = await fetch(`${kick.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: CLIENT, client_secret: SECRET, ...form }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const appToken = async () => String((await tokenRequest({ grant_type: 'client_credentials' })).body.access_token);
  /** The authorization-code flow with PKCE, as the product's connect flow runs it. */
  const userTokens = async (scope: string) => {
    const verifier = randomBytes(32).toString('base64url');
    const authorize = new URL(`${kick.url}/oauth/authorize`);
    Object.entries({
      response_type: 'code',
      client_id: CLIENT,
      redirect_uri: 'http://localhost/callback',
      state: 's',
      scope,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    }).forEach(([k, v]) => authorize.searchParams.set(k, v));
    const redirect = await fetch(authorize, { redirect: 'manual' });
    const code = new URL(redirect.headers.get('location')!).searchParams.get('code')!;
    return tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: 'http://localhost/callback', code_verifier: verifier });
  };
  const expectShape = (schema: z.ZodType, body: unknown) => {
    const parsed = schema.safeParse(body);
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
  };

  beforeAll(async () => {
    await kick.start();
    kick.events.now = () => clock;
  });
  afterAll(() => kick.stop());

  describe('live state', () => {
    it('GET /public/v1/channels answers each channel with its stream, on air or not', async () => {
      const token = await appToken();
      kick.events.channels.push({
        broadcaster_user_id: OURS,
        slug: 'streamer',
        stream_title: 'Slots',
        category: { id: 28, name: 'Slots & Casino' },
      });
      const offline = await get(`/public/v1/channels?broadcaster_user_id=${OURS}`, token);
      expectShape(kickChannelsAnswer, offline.body);
      expect(kickChannelsAnswer.parse(offline.body).data[0]!.stream.is_live).toBe(false);

      kick.channels.goLive(OURS, '2026-11-29T04:00:00Z', 'Bonus hunt');
      const live = kickChannelsAnswer.parse((await get(`/public/v1/channels?slug=streamer`, token)).body);
      expect(live.data).toHaveLength(1);
      expect(live.data[0]).toMatchObject({
        broadcaster_user_id: OURS,
        stream_title: 'Bonus hunt',
        category: { name: 'Slots & Casino' },
        stream: { is_live: true, start_time: '2026-11-29T04:00:00Z' },
      });
      expect((await get(`/public/v1/channels?broadcaster_user_id=${OURS}`, 'not-a-token')).status).toBe(401);
    });

    it('GET /public/v2/livestreams is a paged listing of every live stream, oldest first, with no broadcaster filter', async () => {
      const token = await appToken();
      kick.channels.goLive(OURS, '2026-11-29T04:00:00Z');
      const seen: z.infer<typeof kickLivestreamsV2Answer>['data'] = [];
      let cursor = '';
      do {
        // Asked with a broadcaster filter Kick does not have: it changes nothing.
        const page = await get(`/public/v2/livestreams?broadcaster_user_id=${OURS}${cursor ? `&cursor=${cursor}` : ''}`, token);
        expectShape(kickLivestreamsV2Answer, page.body);
        const parsed = kickLivestreamsV2Answer.parse(page.body);
        expect(parsed.data.length).toBeLessThanOrEqual(100);
        seen.push(...parsed.data);
        cursor = parsed.pagination.next_cursor;
      } while (cursor);
      expect(seen.length).toBeGreaterThan(100);
      expect(new Set(seen.map((s) => s.broadcaster_user.id)).size).toBe(seen.length);
      expect(seen.filter((s) => s.broadcaster_user.id === OURS)).toHaveLength(1);
      const starts = seen.map((s) => Date.parse(s.started_at));
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
      expect(seen.every((s) => !('broadcaster_user_id' in s))).toBe(true);
    });
  });

  describe('tokens', () => {
    it('the code exchange and a refresh answer a token pair; a refresh token stays usable until 30 days after issue', async () => {
      const first = await userTokens('user:read chat:write');
      expect(first.status).toBe(200);
      expectShape(kickTokenAnswer, first.body);
      const refresh = String(first.body.refresh_token);

      const again = await tokenRequest({ grant_type: 'refresh_token', refresh_token: refresh });
      expectShape(kickTokenAnswer, again.body);
      expect(again.body.refresh_token).not.toBe(refresh);
      // Reusable: the same refresh token works again (a crash before storing the new pair loses nothing).
      clock += 29 * DAY;
      expect((await tokenRequest({ grant_type: 'refresh_token', refresh_token: refresh })).status).toBe(200);
      clock += 2 * DAY;
      expect(await tokenRequest({ grant_type: 'refresh_token', refresh_token: refresh })).toEqual({
        status: 400,
        body: { error: 'invalid_grant' },
      });
    });
  });

  describe('chat', () => {
    // The chat endpoint's shapes (POST /public/v1/chat, `user` and `bot`, and its refusals) belong here.
    it('POST /public/v1/chat as the connected user answers is_sent and the message id', async () => {
      const token = String((await userTokens('user:read chat:write')).body.access_token);
      const res = await fetch(`${kick.url}/public/v1/chat`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'user', broadcaster_user_id: OURS, content: 'hello' }),
      });
      expect(res.status).toBe(200);
      expectShape(kickChatAnswer, await res.json());
    });

    it('POST /public/v1/chat as "bot" answers as Kick reports: "Channel not found" until enabled (issue 123), 500 (issue 343)', async () => {
      const token = String((await userTokens('user:read chat:write')).body.access_token);
      const bot = () =>
        fetch(`${kick.url}/public/v1/chat`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ type: 'bot', content: 'hello' }),
        });
      kick.events.botChat = 'channel-not-found';
      const refused = await bot();
      expect(refused.status).toBe(400);
      expectShape(kickChatChannelNotFound, await refused.json());
      kick.events.botChat = 'server-error';
      expect((await bot()).status).toBe(500);
      kick.events.botChat = 'enabled';
      const sent = await bot();
      expect(sent.status).toBe(200);
      expectShape(kickChatAnswer, await sent.json());
    });
  });

  describe('moderation and channel rewards (docs/kick.md "Moderation", "Rewards")', () => {
    const call = async (method: string, path: string, token: string, body?: unknown) => {
      const res = await fetch(`${kick.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as unknown };
    };

    it('DELETE /public/v1/moderation/bans lifts a ban with moderation:ban, for the broadcaster only', async () => {
      const owner = kick.nextUser.user_id;
      const token = String((await userTokens('user:read moderation:ban')).body.access_token);
      kick.channel.ban(owner, 77);
      expect((await call('DELETE', '/public/v1/moderation/bans', token, { broadcaster_user_id: owner + 1, user_id: 77 })).status).toBe(403);
      expect(await call('DELETE', '/public/v1/moderation/bans', token, { broadcaster_user_id: owner, user_id: 77 })).toEqual({
        status: 200,
        body: { data: {}, message: 'OK' },
      });
      expect(kick.channel.isBanned(owner, 77)).toBe(false);
      const noScope = String((await userTokens('user:read')).body.access_token);
      expect((await call('DELETE', '/public/v1/moderation/bans', noScope, { broadcaster_user_id: owner, user_id: 77 })).status).toBe(401);
    });

    it('lists and creates rewards, and decides 1 to 25 redemptions with the failed ones named', async () => {
      const owner = kick.nextUser.user_id;
      const token = String((await userTokens('channel:rewards:read channel:rewards:write')).body.access_token);
      const created = await call('POST', '/public/v1/channels/rewards', token, { title: 'Hydrate', cost: 100, description: 'Water' });
      expectShape(kickRewardCreatedAnswer, created.body);
      expect((await call('POST', '/public/v1/channels/rewards', token, { title: 'x'.repeat(51), cost: 1 })).status).toBe(400);
      const listed = await get('/public/v1/channels/rewards', token);
      expectShape(kickRewardsAnswer, listed.body);
      const reward = (listed.body as { data: { id: string; is_enabled: boolean; should_redemptions_skip_request_queue: boolean }[] })
        .data[0]!;
      expect(reward).toMatchObject({ is_enabled: true, should_redemptions_skip_request_queue: false });

      const pending = kick.channel.redeem(owner, reward.id, 501);
      const decided = await call('POST', '/public/v1/channels/rewards/redemptions/accept', token, { ids: [pending.id, 'missing'] });
      expectShape(kickRedemptionsDecidedAnswer, decided.body);
      expect(decided.body).toMatchObject({
        data: [{ id: pending.id, status: 'accepted' }],
        failed: [{ id: 'missing', reason: 'NOT_FOUND' }],
      });
      const again = await call('POST', '/public/v1/channels/rewards/redemptions/reject', token, { ids: [pending.id] });
      expect(again.body).toMatchObject({ data: [], failed: [{ id: pending.id, reason: 'NOT_PENDING' }] });
      const tooMany = Array.from({ length: 26 }, (_, i) => `id${i}`);
      expect((await call('POST', '/public/v1/channels/rewards/redemptions/accept', token, { ids: tooMany })).status).toBe(400);
    });
  });
});
