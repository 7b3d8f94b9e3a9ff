import { integrationStack, FakeKickServer, createUser, kickUser, waitFor, openRaffle, connectStreamerChat } from '@kickback/testing';

const STREAMER = { user_id: 5252, name: 'streamer', email: 'streamer@example.com', profile_picture: 'https://files.kick.com/s.png' };

/** Issue #37: with the streamer's Kick account connected, each new raffle winner is named in chat with where to claim. */
describe('raffle winners in the Kick chat (real PostgreSQL + Redis, fake Kick)', () => {
  const kick = new FakeKickServer('kickback-local', 'kickback-local-secret');

  kick.nextUser = STREAMER;
  const stack = integrationStack({ worker: true, admin: true, kick, env: { RATE_LIMIT_PER_MINUTE: '1000000' } });

  beforeAll(async () => {
    // The streamer connects their Kick account (OAuth with PKCE against the fake Kick).
    expect((await connectStreamerChat(stack.admin, 5252)).headers.get('location')).toBe('/admin-new/kick-connection?connected=1');
  });

  it('names the drawn winner, then the next person when the prize passes on unclaimed, with the claim link and window', async () => {
    const id = await openRaffle(stack.admin, {
      title: 'Friday giveaway',
      prize_description: 'A $50 gift card',
      claim_window_minutes: 2880,
    });
    for (const kickName of ['chatty_ann', 'chatty_bob']) {
      const { id: userId } = await createUser(stack.em, { kickUsername: kickName });
      const client = stack.api.client();
      await client.loginAs(userId);
      expect((await client.json('POST', `/api/r/raffles/${id}/enter`, { entry_type: 'passwordless' })).status).toBe(200);
    }
    const drawn = await stack.admin.json('POST', `/api/admin/raffles/${id}/draw`);
    const first = drawn.body.data.winners[0].kick_username as string;
    const link = `${stack.env.APP_URL.replace(/\/$/, '')}/raffles/${id}`;
    await waitFor(() => kick.events.chatMessages.length === 1, 10_000, 'winner named in chat');
    expect(kick.events.chatMessages[0]).toEqual({
      content: `@${first} won A $50 gift card in Friday giveaway! Claim it at ${link} within 2 days.`,
      type: 'user',
      broadcaster_user_id: 5252,
      message_id: expect.any(String),
    });

    await stack.em.fork().execute(`update raffle_winners set claim_deadline = clock_timestamp() where raffle_id = ?`, [id]);
    expect((await stack.admin.json('POST', `/api/admin/raffles/${id}/reroll`, { position: 1 })).status).toBe(200);
    const second = first === 'chatty_ann' ? 'chatty_bob' : 'chatty_ann';
    await waitFor(() => kick.events.chatMessages.length === 2, 10_000, 'next winner named in chat');
    expect(kick.events.chatMessages[1]!.content).toBe(
      `@${second} won A $50 gift card in Friday giveaway! Claim it at ${link} within 2 days.`,
    );
  });

  it('!join in chat enters the raffle on stream under the same rules, and the reply says so', async () => {
    const id = await openRaffle(stack.admin, { title: 'Chat giveaway', entry_rules: { min_level: 3 } });
    expect((await stack.admin.json('PUT', '/api/admin/featured/raffle', { id })).status).toBe(200);
    const linked = async (kickId: number, name: string, level: number) => {
      const { id: userId } = await createUser(stack.em, { kickUsername: name });
      await stack.em.fork().execute('update users set kick_user_id = ? where id = ?', [kickId, userId]);
      await stack.em.fork().execute('insert into member_xp (user_id, xp, level) values (?, 1000, ?)', [userId, level]);
      return userId;
    };
    const [dora, eli] = [await linked(991_001, 'dora_chat', 3), await linked(991_002, 'eli_chat', 1)];
    const said = kick.events.chatMessages.length;
    const join = (kickId: number, name: string) =>
      kick.events.deliver('chat.message.sent', {
        broadcaster: kickUser(5252, 'streamer'),
        sender: kickUser(kickId, name),
        content: '!join',
        created_at: new Date().toISOString(),
      });
    expect(await join(991_001, 'dora_chat')).toBe(200);
    await waitFor(() => kick.events.chatMessages.length === said + 1, 10_000, 'join reply');
    expect(kick.events.chatMessages.at(-1)!.content).toBe('@dora_chat Successfully entered the raffle!');
    expect(await join(991_002, 'eli_chat')).toBe(200);
    await waitFor(() => kick.events.chatMessages.length === said + 2, 10_000, 'refusal reply');
    expect(kick.events.chatMessages.at(-1)!.content).toBe('@eli_chat Reach level 3 to enter.');
    const rows = await stack.em.fork().execute<{ user_id: number }[]>('select user_id from raffle_entries where raffle_id = ?', [id]);
    expect(rows.map((r) => r.user_id)).toEqual([dora]);
    expect(rows.map((r) => r.user_id)).not.toContain(eli);
  });

  it('enters with the keyword the admin chose instead of !join, and refuses a keyword another command has', async () => {
    const taken = await stack.admin.json('PUT', '/api/admin/activity/rules', { join_keyword: 'points' });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.join_keyword[0]).toBe(
      'The join keyword may not be points, raffle, sr, bet or vote: those commands are taken.',
    );
    const spaced = await stack.admin.json('PUT', '/api/admin/activity/rules', { join_keyword: 'enter now' });
    expect(spaced.body.errors.join_keyword[0]).toBe('The join keyword may only hold letters and digits, at most 20, without the "!".');
    const saved = await stack.admin.json('PUT', '/api/admin/activity/rules', { join_keyword: 'Ticket' });
    expect(saved.status).toBe(200);
    expect(saved.body.data.join_keyword).toBe('ticket');

    const id = await openRaffle(stack.admin, { title: 'Keyword giveaway' });
    expect((await stack.admin.json('PUT', '/api/admin/featured/raffle', { id })).status).toBe(200);
    const { id: userId } = await createUser(stack.em, { kickUsername: 'fay_chat' });
    await stack.em.fork().execute('update users set kick_user_id = ? where id = ?', [991_003, userId]);
    const say = (content: string) =>
      kick.events.deliver('chat.message.sent', {
        broadcaster: kickUser(5252, 'streamer'),
        sender: kickUser(991_003, 'fay_chat'),
        content,
        created_at: new Date().toISOString(),
      });
    const said = kick.events.chatMessages.length;
    // The old word is now plain chat: no reply, no entry.
    expect(await say('!join')).toBe(200);
    expect(await say('!TICKET')).toBe(200);
    await waitFor(() => kick.events.chatMessages.length === said + 1, 10_000, 'keyword reply');
    expect(kick.events.chatMessages.slice(said).map((m) => m.content)).toEqual(['@fay_chat Successfully entered the raffle!']);
    const rows = await stack.em.fork().execute<{ user_id: number }[]>('select user_id from raffle_entries where raffle_id = ?', [id]);
    expect(rows.map((r) => r.user_id)).toEqual([userId]);
  });

  it('cuts a long announcement to 500 code points by whole graphemes: never half an emoji', async () => {
    const family = '👨‍👩‍👧';
    const prefix = '@chatty_cy won ';
    // The family emoji (five code points) starts at code point 497, so a cut at 500 would split it.
    const prize = `${'x'.repeat(497 - prefix.length)}${family}`;
    const id = await openRaffle(stack.admin, { title: 'Long prize', prize_description: prize });
    const { id: userId } = await createUser(stack.em, { kickUsername: 'chatty_cy' });
    const client = stack.api.client();
    await client.loginAs(userId);
    expect((await client.json('POST', `/api/r/raffles/${id}/enter`, { entry_type: 'passwordless' })).status).toBe(200);
    const said = kick.events.chatMessages.length;
    expect((await stack.admin.json('POST', `/api/admin/raffles/${id}/draw`)).status).toBe(200);
    await waitFor(() => kick.events.chatMessages.length === said + 1, 10_000, 'the long announcement');
    expect(kick.events.chatMessages.at(-1)!.content).toBe(`${prefix}${'x'.repeat(497 - prefix.length)}`);
  });
});
