import { getQueueToken } from '@nestjs/bullmq';
import type { Job, Queue } from 'bullmq';
import { QUEUES } from '@kickback/contracts';
import {
  integrationStack,
  FakeKickServer,
  createUser,
  kickUser,
  openRaffle,
  waitFor,
  connectStreamerChat,
  kickChatMessage,
} from '@kickback/testing';

const STREAMER = { user_id: 5151, name: 'streamer', email: 'streamer@example.com', profile_picture: 'https://files.kick.com/s.png' };
const HOUR = 3_600_000;

describe('Kick chat replies: type "user" threaded under the asker, sent once from the queue, on their own moment', () => {
  const kick = new FakeKickServer('kickback-local', 'kickback-local-secret');
  let viewer = 70_000;
  let chatId = 0;

  const status = async () => (await stack.admin.json('GET', '/api/admin/kick-connection')).body.data;
  const count = async (sql: string, params: unknown[] = []) => Number((await stack.em.fork().execute<{ n: string }[]>(sql, params))[0]!.n);
  /** A chat message as Kick sends it (KickDevDocs events/event-types.md), typed `ago` ms before now. */
  const chat = (content: string, options: { ago?: number; from?: number; messageId?: string } = {}) => {
    const from = options.from ?? ++viewer;
    return kickChatMessage(STREAMER.user_id, from, content, { messageId: options.messageId ?? `chat-${++chatId}`, ago: options.ago });
  };
  /**
   * The job that answers the command of chat message `messageId`, as it stands once finished. Found by the message, not
   * as the newest command: the webhook's command may reach the outbox after this starts looking.
   */
  const commandJob = async (messageId: string): Promise<Job> => {
    const queue = stack.worker.get<Queue>(getQueueToken(QUEUES.domainEvents));
    return waitFor(
      async () => {
        const [row] = await stack.em
          .fork()
          .execute<{ id: string }[]>(
            `select id::text as id from outbox_events where type = 'activity.chat-command' and payload->>'messageId' = ?`,
            [messageId],
          );
        const job = row && (await queue.getJob(`evt-${row.id}`));
        // Read again once finished: the first read may be of the job still running (no attempt counted yet).
        return job && (await job.isCompleted()) ? queue.getJob(job.id!) : undefined;
      },
      10_000,
      `the command job of ${messageId} finished`,
    );
  };

  kick.nextUser = STREAMER;
  afterAll(async () => {
    kick.events.chatGate = null;
  });

  const stack = integrationStack({ worker: true, admin: true, kick });

  beforeAll(async () => {
    // The streamer's first setup: replies are sent with their own account's token (docs/kick.md "Chat").
    expect((await connectStreamerChat(stack.admin, STREAMER.user_id)).status).toBe(302);
  });

  it('answers a command with one type "user" POST into the channel, threaded under the asker’s message', async () => {
    const sent = kick.events.chatMessages.length;
    expect(await kick.events.deliver('chat.message.sent', chat('!points', { messageId: 'ask-1' }))).toBe(200);
    await waitFor(() => kick.events.chatMessages.length === sent + 1, 10_000, 'the reply');
    expect(kick.events.chatMessages.at(-1)).toEqual({
      content: expect.stringMatching(/^@viewer\d+ log in at /),
      type: 'user',
      broadcaster_user_id: STREAMER.user_id,
      reply_to_message_id: 'ask-1',
      message_id: expect.any(String),
    });
    const replies = await waitFor(async () => (await status()).chat_replies.last_sent_at && (await status()).chat_replies, 10_000, 'sent');
    expect(replies).toEqual(expect.objectContaining({ on: true, as: 'user', failures: 0 }));
  });

  it('sends a reply once when Kick answers 500 (it may have posted it), and the screen counts the failure', async () => {
    const requests = kick.events.chatRequests.length;
    const failures = (await status()).chat_replies.failures;
    kick.events.chatScript.push({ status: 500 });
    expect(await kick.events.deliver('chat.message.sent', chat('!raffle', { messageId: 'ask-500' }))).toBe(200);
    const job = await commandJob('ask-500');
    expect(job.attemptsMade).toBe(1);
    expect(kick.events.chatRequests.slice(requests)).toEqual([
      {
        status: 500,
        body: {
          type: 'user',
          content: 'No raffle is open right now.',
          broadcaster_user_id: STREAMER.user_id,
          reply_to_message_id: 'ask-500',
        },
      },
    ]);
    const after = (await status()).chat_replies;
    expect(after.failures).toBe(failures + 1);
    expect(after.last_failure).toContain('HTTP 500');
    expect(after.last_failed_at).toEqual(expect.any(String));
  });

  it('tries again after a 429 as Retry-After asks, and posts once', async () => {
    const requests = kick.events.chatRequests.length;
    const sent = kick.events.chatMessages.length;
    kick.events.chatScript.push({ status: 429, headers: { 'retry-after': '0' }, body: { message: 'Too many requests' } });
    expect(await kick.events.deliver('chat.message.sent', chat('!raffle'))).toBe(200);
    await waitFor(() => kick.events.chatMessages.length === sent + 1, 10_000, 'the reply after the 429');
    expect(kick.events.chatRequests.slice(requests).map((r) => r.status)).toEqual([429, 200]);
  });

  it('acknowledges a delivery while a slow chat send is still unanswered: the reply waits on the queue, not the webhook', async () => {
    let release!: () => void;
    kick.events.chatGate = new Promise<void>((resolve) => (release = resolve));
    const answered = kick.events.chatAnswered;
    try {
      expect(await kick.events.deliver('chat.message.sent', chat('!points'))).toBe(200);
      // Our answer came while Kick's chat could not have answered (it holds every send until released).
      expect(kick.events.chatAnswered).toBe(answered);
      await waitFor(() => kick.events.chatWaiting === 1, 10_000, 'the worker’s send reached Kick');
    } finally {
      release();
      kick.events.chatGate = null;
    }
    await waitFor(() => kick.events.chatAnswered === answered + 1, 10_000, 'the held send answered');
  });

  it('records a command typed three hours ago as stale: no reply, and a late !join enters nothing', async () => {
    const { id } = await createUser(stack.em, {});
    const kickId = ++viewer;
    await stack.em.fork().execute('update users set kick_user_id = ? where id = ?', [kickId, id]);
    // Open for four hours, so it was open (and on stream by default) when the message was typed.
    await openRaffle(stack.admin, { title: 'Late join raffle', start_datetime: new Date(Date.now() - 4 * HOUR).toISOString() });
    const requests = kick.events.chatRequests.length;
    const commandEvents = await count(`select count(*) as n from outbox_events where type = 'activity.chat-command'`);

    const late = chat('!join', { from: kickId, ago: 3 * HOUR });
    expect(await kick.events.deliver('chat.message.sent', late)).toBe(200);
    const deliveries = (await stack.admin.json('GET', '/api/admin/activity')).body.data.deliveries;
    expect(deliveries[0]).toEqual(expect.objectContaining({ type: 'chat.message.sent', result: expect.stringContaining('command stale') }));
    expect(await count(`select count(*) as n from outbox_events where type = 'activity.chat-command'`)).toBe(commandEvents);
    expect(await count('select count(*) as n from raffle_entries where user_id = ?', [id])).toBe(0);

    // A fresh command after it is answered, so the stale one had its chance to be (wrongly) answered first.
    const sent = kick.events.chatMessages.length;
    expect(await kick.events.deliver('chat.message.sent', chat('!points', { from: kickId }))).toBe(200);
    await waitFor(() => kick.events.chatMessages.length === sent + 1, 10_000, 'the fresh reply');
    expect(kick.events.chatRequests.slice(requests).map((r) => r.body.content)).toEqual([expect.stringMatching(/you have 0 points/)]);
    expect(await count('select count(*) as n from raffle_entries where user_id = ?', [id])).toBe(0);
  });

  it('!join enters only a raffle that was on stream and open when the message was typed, and says why not otherwise', async () => {
    const { id } = await createUser(stack.em, {});
    const kickId = ++viewer;
    await stack.em.fork().execute('update users set kick_user_id = ? where id = ?', [kickId, id]);
    const raffleId = await openRaffle(stack.admin, { title: 'Put on stream after the message' });
    expect((await stack.admin.json('PUT', '/api/admin/featured/raffle', { id: raffleId })).status).toBe(200);
    const sent = kick.events.chatMessages.length;
    // Typed 90 s ago (fresh enough to answer), before this raffle went on stream.
    expect(await kick.events.deliver('chat.message.sent', chat('!join', { from: kickId, ago: 90_000 }))).toBe(200);
    await waitFor(() => kick.events.chatMessages.length === sent + 1, 10_000, 'the refusal');
    expect(kick.events.chatMessages.at(-1)!.content).toMatch(/changed after you typed that|no raffle was open when you typed that/);
    expect(await count('select count(*) as n from raffle_entries where user_id = ? and raffle_id = ?', [id, raffleId])).toBe(0);

    // Typed now, after it went on stream: entered (another member: one answer per member and command in 30 s).
    const { id: nowId } = await createUser(stack.em, {});
    const nowKickId = ++viewer;
    await stack.em.fork().execute('update users set kick_user_id = ? where id = ?', [nowKickId, nowId]);
    expect(await kick.events.deliver('chat.message.sent', chat('!join', { from: nowKickId }))).toBe(200);
    await waitFor(() => kick.events.chatMessages.length === sent + 2, 10_000, 'the entry');
    expect(kick.events.chatMessages.at(-1)!.content).toContain('Successfully entered the raffle!');
    expect(await count('select count(*) as n from raffle_entries where user_id = ? and raffle_id = ?', [nowId, raffleId])).toBe(1);
  });

  it('!sr queues the catalogue slot named, or answers the two closest names without queueing a guess', async () => {
    const t = Math.random().toString(36).slice(2, 7);
    for (const name of [`${t} Gates of Olympus`, `${t} Gates of Olympus 1000`]) {
      expect((await stack.admin.json('POST', '/api/admin/slots', { name, provider_name: 'Pragmatic Play' })).status).toBe(201);
    }
    const rules = { open: true, price: 0, cooldown_seconds: 0, open_limit: 3, blocked_slot_ids: [], blocked_provider_ids: [] };
    expect((await stack.admin.json('PUT', '/api/admin/slot-requests/settings', rules)).status).toBe(200);
    const { id } = await createUser(stack.em, {});
    const kickId = ++viewer;
    await stack.em.fork().execute('update users set kick_user_id = ? where id = ?', [kickId, id]);
    const sent = kick.events.chatMessages.length;

    expect(await kick.events.deliver('chat.message.sent', chat(`!sr ${t.toUpperCase()} gates of OLYMPUS`, { from: kickId }))).toBe(200);
    await waitFor(() => kick.events.chatMessages.length === sent + 1, 10_000, 'the queued reply');
    expect(kick.events.chatMessages.at(-1)!.content).toMatch(
      new RegExp(`^@viewer${kickId} queued ${t} Gates of Olympus \\(Pragmatic Play\\), #\\d+ in the queue\\.$`),
    );
    expect(await count('select count(*) as n from slot_request_requesters where user_id = ?', [id])).toBe(1);

    // One answer per member and command in 30 s: another member asks the unclear name.
    const other = ++viewer;
    await stack.em.fork().execute('update users set kick_user_id = ? where id = ?', [other, (await createUser(stack.em, {})).id]);
    expect(await kick.events.deliver('chat.message.sent', chat(`!sr ${t} gates`, { from: other }))).toBe(200);
    await waitFor(() => kick.events.chatMessages.length === sent + 2, 10_000, 'the closest names');
    expect(kick.events.chatMessages.at(-1)!.content).toBe(
      `@viewer${other} did you mean ${t} Gates of Olympus (Pragmatic Play) or ${t} Gates of Olympus 1000 (Pragmatic Play)? Type the full name.`,
    );
    expect(
      await count('select count(*) as n from slot_request_requesters q join users u on u.id = q.user_id where u.kick_user_id = ?', [other]),
    ).toBe(0);

    // A member on a break from gambling content is refused in chat too, without chat learning why.
    const resting = await stack.member({ kickId: ++viewer });
    expect((await resting.client.json('POST', '/api/r/safety/break', { period: '24h', confirm: true })).status).toBe(201);
    expect(await kick.events.deliver('chat.message.sent', chat(`!sr ${t} Gates of Olympus 1000`, { from: viewer }))).toBe(200);
    await waitFor(() => kick.events.chatMessages.length === sent + 3, 10_000, 'the refusal');
    expect(kick.events.chatMessages.at(-1)!.content).toBe(`@viewer${viewer} Slot requests are not available to your account.`);
    expect(await count('select count(*) as n from slot_request_requesters where user_id = ?', [resting.id])).toBe(0);
  });

  it('posts as the bot only when the admin chose it, falling back to "user" when Kick refuses the bot ("Channel not found")', async () => {
    const refused = await stack.admin.json('PUT', '/api/admin/kick-connection/chat', { as: 'robot' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.as).toEqual(['Choose user or bot.']);
    const chosen = await stack.admin.json('PUT', '/api/admin/kick-connection/chat', { as: 'bot' });
    expect(chosen.status).toBe(200);
    expect(chosen.body.data.chat_replies.as).toBe('bot');

    kick.events.botChat = 'channel-not-found';
    const requests = kick.events.chatRequests.length;
    const sent = kick.events.chatMessages.length;
    expect(await kick.events.deliver('chat.message.sent', chat('!raffle', { messageId: 'ask-bot' }))).toBe(200);
    await waitFor(() => kick.events.chatMessages.length === sent + 1, 10_000, 'the reply as the account');
    expect(kick.events.chatRequests.slice(requests).map((r) => [r.body.type, r.status])).toEqual([
      ['bot', 400],
      ['user', 200],
    ]);
    expect(kick.events.chatMessages.at(-1)).toEqual(expect.objectContaining({ type: 'user', reply_to_message_id: 'ask-bot' }));
    expect((await status()).chat_replies.last_failure).toContain('Channel not found');

    // A 500 for the bot may have posted (Kick issue 343): never sent again, not even as "user".
    kick.events.botChat = 'server-error';
    const before = kick.events.chatRequests.length;
    const unanswered = chat('!raffle');
    expect(await kick.events.deliver('chat.message.sent', unanswered)).toBe(200);
    await commandJob(unanswered.message_id);
    expect(kick.events.chatRequests.slice(before).map((r) => [r.body.type, r.status])).toEqual([['bot', 500]]);

    kick.events.botChat = 'enabled';
    const posted = kick.events.chatMessages.length;
    expect(await kick.events.deliver('chat.message.sent', chat('!raffle'))).toBe(200);
    await waitFor(() => kick.events.chatMessages.length === posted + 1, 10_000, 'the bot reply');
    expect(kick.events.chatMessages.at(-1)).toEqual(expect.objectContaining({ type: 'bot' }));
    expect((await stack.admin.json('PUT', '/api/admin/kick-connection/chat', { as: 'user' })).status).toBe(200);
  });

  it('our own replies echoed back by Kick neither earn nor count as chatters, from the bot or the connected account', async () => {
    await stack.admin.json('PUT', '/api/admin/activity/rules', { chat_points: 5 });
    await kick.events.deliver('livestream.status.updated', {
      broadcaster: kickUser(STREAMER.user_id, 'streamer'),
      is_live: true,
      started_at: new Date(Date.now() - 60_000).toISOString(),
      ended_at: null,
    });
    kick.events.echoChat = true;
    kick.events.botChat = 'enabled';
    expect((await stack.admin.json('PUT', '/api/admin/kick-connection/chat', { as: 'bot' })).status).toBe(200);
    const echoes = kick.events.echoes.length;
    try {
      expect(await kick.events.deliver('chat.message.sent', chat('!raffle'))).toBe(200);
      await waitFor(() => kick.events.echoes.length === echoes + 1, 10_000, 'the bot reply echoed');
      expect(await kick.events.echoes.at(-1)).toBe(200);
      expect((await stack.admin.json('PUT', '/api/admin/kick-connection/chat', { as: 'user' })).status).toBe(200);
      expect(await kick.events.deliver('chat.message.sent', chat('!points'))).toBe(200);
      await waitFor(() => kick.events.echoes.length === echoes + 2, 10_000, 'the account reply echoed');
      expect(await kick.events.echoes.at(-1)).toBe(200);
    } finally {
      kick.events.echoChat = false;
    }
    const posters = [kick.events.botAccount.user_id, STREAMER.user_id];
    expect(await count('select count(*) as n from activity_awards where kick_user_id = any(?::bigint[])', [`{${posters}}`])).toBe(0);
    expect(await count('select count(*) as n from activity_chatters where kick_user_id = any(?::bigint[])', [`{${posters}}`])).toBe(0);
    const results = (await stack.admin.json('GET', '/api/admin/activity')).body.data.deliveries
      .slice(0, 6)
      .map((d: { result: string }) => d.result);
    expect(results.filter((r: string) => r === 'own-message')).toHaveLength(2);
  });

  it('a delivery under a second subscription id for the event pays nothing; the recorded one pays once', async () => {
    await stack.em.fork().execute(
      `insert into activity_subscriptions (event, version, subscription_id, status) values ('channel.subscription.new', 1, 'SUB-OURS', 'subscribed')
       on conflict (event) do update set subscription_id = excluded.subscription_id, status = excluded.status`,
    );
    const kickId = ++viewer;
    await stack.admin.json('PUT', '/api/admin/activity/rules', { subscription_points: 100 });
    const payload = {
      broadcaster: kickUser(STREAMER.user_id, 'streamer'),
      subscriber: kickUser(kickId, `sub${kickId}`),
      duration: 1,
      created_at: new Date().toISOString(),
      expires_at: new Date(Date.now() + 30 * 24 * HOUR).toISOString(),
    };
    expect(await kick.events.deliverUnder('channel.subscription.new', payload, ['SUB-STAGING', 'SUB-OURS'])).toEqual([200, 200]);
    const results = (await stack.admin.json('GET', '/api/admin/activity')).body.data.deliveries
      .slice(0, 2)
      .map((d: { result: string }) => d.result);
    expect(results.sort()).toEqual(['other-subscription', 'pending']);
    expect(await count('select coalesce(sum(points), 0) as n from activity_awards where kick_user_id = ?', [kickId])).toBe(100);
  });

  it('the same event under two message ids (two subscriptions before the first is recorded) pays once, keyed on its own facts', async () => {
    await stack.em.fork().execute(`delete from activity_subscriptions`);
    const kickId = ++viewer;
    const payload = {
      broadcaster: kickUser(STREAMER.user_id, 'streamer'),
      subscriber: kickUser(kickId, `sub${kickId}`),
      duration: 1,
      created_at: new Date().toISOString(),
    };
    expect(await kick.events.deliverUnder('channel.subscription.new', payload, ['SUB-A', 'SUB-B'])).toEqual([200, 200]);
    const message = chat('hello there', { from: kickId, messageId: 'one-chat-message' });
    expect(await kick.events.deliverUnder('chat.message.sent', message, ['SUB-A', 'SUB-B'])).toEqual([200, 200]);
    expect(await count(`select count(*) as n from activity_awards where kick_user_id = ? and source = 'subscription'`, [kickId])).toBe(1);
    expect(await count(`select count(*) as n from activity_awards where kick_user_id = ? and source = 'chat'`, [kickId])).toBe(1);
  });

  it('the connected account earns nothing even in a channel it does not own (a bot account made moderator)', async () => {
    expect((await stack.admin.json('PUT', '/api/admin/activity/rules', { broadcaster_user_id: 6161, chat_points: 5 })).status).toBe(200);
    const live = {
      broadcaster: kickUser(6161, 'other_streamer'),
      is_live: true,
      started_at: new Date(Date.now() - 60_000).toISOString(),
      ended_at: null,
    };
    expect(await kick.events.deliver('livestream.status.updated', live)).toBe(200);
    const message = { ...chat('hello chat', { from: STREAMER.user_id }), broadcaster: kickUser(6161, 'other_streamer') };
    expect(await kick.events.deliver('chat.message.sent', message)).toBe(200);
    const someone = ++viewer;
    const other = { ...chat('hello too', { from: someone }), broadcaster: kickUser(6161, 'other_streamer') };
    expect(await kick.events.deliver('chat.message.sent', other)).toBe(200);
    const results = (await stack.admin.json('GET', '/api/admin/activity')).body.data.deliveries
      .slice(0, 2)
      .map((d: { result: string }) => d.result);
    expect(results).toEqual(['pending', 'excluded']);
    expect(await count('select count(*) as n from activity_awards where kick_user_id = ?', [STREAMER.user_id])).toBe(0);
    expect(await count('select count(*) as n from activity_awards where kick_user_id = ?', [someone])).toBe(1);
  });
});
