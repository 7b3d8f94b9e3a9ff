import { EntityManager } from '@mikro-orm/postgresql';
import { KICK_EVENT_SUBSCRIPTIONS } from '@kickback/contracts';
import {
  FakeKickServer,
  createTestStack,
  createUser,
  kickUser,
  waitFor,
  type RunningApi,
  type TestClient,
  type TestStack,
} from '@kickback/testing';

describe('Kick subscriptions and chat commands (app credentials configured)', () => {
  const kick = new FakeKickServer('kickback-local', 'kickback-local-secret');
  let stack: TestStack;
  let api: RunningApi;
  let em: EntityManager;
  let admin: TestClient;

  beforeAll(async () => {
    await kick.start();
    stack = await createTestStack({ KICK_API_URL: kick.url, KICK_AUTH_URL: kick.url, KICK_EVENTS_SUBSCRIBE: 'true' });
    api = await stack.api();
    await stack.worker();
    kick.events.webhookUrl = `${api.url}/webhooks/kick`;
    em = api.app.get(EntityManager);
    admin = api.client();
    await admin.loginAs((await createUser(em, { role: 'Admin' })).id);
  });
  afterAll(async () => {
    await stack.close();
    await kick.stop();
  });

  it('subscribes nothing until a broadcaster is set, then the worker subscribes every event once', async () => {
    expect(kick.events.subscriptions).toEqual([]);
    expect((await admin.json('PUT', '/api/admin/activity/rules', { broadcaster_user_id: 4242 })).status).toBe(200);
    await waitFor(() => kick.events.subscriptions.length === KICK_EVENT_SUBSCRIPTIONS.length, 10_000, 'subscriptions');
    expect(new Set(kick.events.subscriptions.map((s) => s.event))).toEqual(new Set(KICK_EVENT_SUBSCRIPTIONS));
    expect(kick.events.subscriptions.every((s) => s.broadcaster_user_id === 4242)).toBe(true);
    expect(kick.tokenRequests.some((t) => t.grant_type === 'client_credentials')).toBe(true);
  });

  it('Re-subscribe is idempotent and reports each event subscribed', async () => {
    const res = await admin.json('POST', '/api/admin/activity/resubscribe', {});
    expect(res.status).toBe(200);
    expect(kick.events.subscriptions).toHaveLength(KICK_EVENT_SUBSCRIPTIONS.length);
    expect(res.body.data).toHaveLength(KICK_EVENT_SUBSCRIPTIONS.length);
    expect(res.body.data.every((s: { status: string }) => s.status === 'subscribed')).toBe(true);
    const overview = await admin.json('GET', '/api/admin/activity');
    expect(overview.body.data.subscriptions_enabled).toBe(true);
  });

  it('a new broadcaster replaces the old subscriptions', async () => {
    expect((await admin.json('PUT', '/api/admin/activity/rules', { broadcaster_user_id: 5151 })).status).toBe(200);
    await waitFor(
      () =>
        kick.events.subscriptions.length === KICK_EVENT_SUBSCRIPTIONS.length &&
        kick.events.subscriptions.every((s) => s.broadcaster_user_id === 5151),
      10_000,
      'resubscribed for the new broadcaster',
    );
  });

  it('chat commands stay silent while off; when on, !points answers once per window through the chat API', async () => {
    const { id } = await createUser(em, {});
    await em.fork().execute('update users set kick_user_id = 777001 where id = ?', [id]);
    await em.fork().execute(`insert into wallets (user_id, balance) values (?, 1234)`, [id]);
    const say = (content: string) => kick.events.deliver('chat.message.sent', { sender: kickUser(777001, 'viewer'), content });
    expect(await say('!points')).toBe(200);
    expect(kick.events.chatMessages).toEqual([]);
    expect((await admin.json('PUT', '/api/admin/activity/rules', { chat_commands_enabled: true })).status).toBe(200);
    expect(await say('!points')).toBe(200);
    expect(await say('!points please')).toBe(200);
    expect(kick.events.chatMessages).toEqual([{ content: '@viewer you have 1,234 points.', type: 'bot', broadcaster_user_id: 5151 }]);
    expect(await say('!raffle')).toBe(200);
    expect(kick.events.chatMessages[1]).toEqual(expect.objectContaining({ content: 'No raffle is open right now.' }));
  });
});
