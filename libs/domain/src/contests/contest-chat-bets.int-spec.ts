import { CONTEST_TEXTS, type ContestSettings } from '@kickback/contracts';
import { integrationStack, FakeKickServer, createUser, waitFor, connectStreamerChat, kickChatMessage } from '@kickback/testing';
import { ContestsService } from './contests.service';

const STREAMER = { user_id: 5252, name: 'streamer', email: 'streamer@example.com', profile_picture: 'https://files.kick.com/s.png' };

/**
 * `!bet` from Kick chat, through the real webhook, queue and chat reply path: the same stake as the site's, at the
 * message's own time, once per chat message however often Kick delivers it.
 */
describe('contests: !bet <option> <points> from Kick chat', () => {
  const kick = new FakeKickServer('kickback-local', 'kickback-local-secret');
  kick.nextUser = STREAMER;
  const stack = integrationStack({ worker: true, admin: true, kick });
  let contests: ContestsService;
  let admin: number;
  let viewer = 81_000;
  let chatId = 0;

  const settings = (over: Partial<ContestSettings> = {}): ContestSettings => ({
    question: 'Which slot pays best tonight?',
    options: ['Gates of Olympus', 'Sweet Bonanza', 'Sugar Rush'],
    min_stake: 10,
    max_stake: 1_000,
    window_seconds: null,
    ...over,
  });

  /** A member linked to a Kick account, granted `points` (signed in only where the site's route is used). */
  const member = (points: number, signedIn = false) => stack.member({ points, kickId: ++viewer, signedIn });

  /** A chat message as Kick sends it (KickDevDocs events/event-types.md), typed `ago` ms before now. */
  const chat = (from: number, content: string, options: { ago?: number; messageId?: string } = {}) =>
    kickChatMessage(STREAMER.user_id, from, content, { messageId: options.messageId ?? `bet-${++chatId}`, ago: options.ago });

  const replyTo = (messageId: string) =>
    waitFor(() => kick.events.chatMessages.find((m) => m.reply_to_message_id === messageId)?.content, 15_000, `the reply to ${messageId}`);

  const ledger = async (userId: number, contestId: number) => {
    const [row] = await stack.em.fork().execute<{ staked: string; balance: string; wallet: string }[]>(
      `select coalesce(-sum(delta) filter (where reason = 'contest.stake' and reference = ?), 0)::text as staked,
                coalesce(sum(delta), 0)::text as balance,
                (select balance::text from wallets where user_id = ?) as wallet
         from points_ledger where user_id = ?`,
      [`contest:${contestId}`, userId, userId],
    );
    return { staked: Number(row!.staked), balance: Number(row!.balance), wallet: Number(row!.wallet) };
  };

  beforeAll(async () => {
    contests = stack.api.app.get(ContestsService);
    admin = (await createUser(stack.em, { role: 'Admin' })).id;
    // The streamer's first setup: replies are sent with their own account's token (docs/kick.md "Chat").
    expect((await connectStreamerChat(stack.admin, STREAMER.user_id)).status).toBe(302);
  });

  afterEach(async () => {
    const open = await contests.current(null);
    if (open && (open.status === 'open' || open.status === 'closed')) await contests.cancel(admin, open.id);
  });

  it('stakes by option number or name, adds to the same option, and answers in chat what was staked or why not', async () => {
    const contest = await contests.open(admin, settings());
    const { id, kickId } = await member(2_000);

    const first = chat(kickId, '!bet 2 100');
    expect(await kick.events.deliver('chat.message.sent', first)).toBe(200);
    expect(await replyTo(first.message_id)).toBe(
      `@viewer${kickId} you staked 100 on Sweet Bonanza: your stake is 100 points (no cash value); balance 1,900.`,
    );
    // Right after the first: a stake is never dropped by the one-answer-per-30-seconds window of the other commands.
    const more = chat(kickId, '!BET sweet 50');
    expect(await kick.events.deliver('chat.message.sent', more)).toBe(200);
    expect(await replyTo(more.message_id)).toBe(
      `@viewer${kickId} you staked 50 on Sweet Bonanza: your stake is 150 points (no cash value); balance 1,850.`,
    );
    const other = chat(kickId, '!bet sugar rush 20');
    expect(await kick.events.deliver('chat.message.sent', other)).toBe(200);
    expect(await replyTo(other.message_id)).toBe(`@viewer${kickId} ${CONTEST_TEXTS.otherOption}`);
    const unclear = chat(kickId, '!bet s 20');
    expect(await kick.events.deliver('chat.message.sent', unclear)).toBe(200);
    expect(await replyTo(unclear.message_id)).toBe(
      `@viewer${kickId} "s" could be Sweet Bonanza or Sugar Rush: type more of it, or its number.`,
    );
    const over = chat(kickId, '!bet 2 900');
    expect(await kick.events.deliver('chat.message.sent', over)).toBe(200);
    expect(await replyTo(over.message_id)).toBe(`@viewer${kickId} ${CONTEST_TEXTS.overMax}`);

    expect(await ledger(id, contest.id)).toEqual({ staked: 150, balance: 1_850, wallet: 1_850 });
    expect((await contests.view(contest.id)).options[1]).toEqual(expect.objectContaining({ pool: 150, members: 1 }));
  });

  it('refuses a message sent before the contest opened, however fresh its delivery', async () => {
    const { id, kickId } = await member(500);
    // Typed 30 s ago (young enough to answer), delivered after the contest below opened.
    const early = chat(kickId, '!bet 1 100', { ago: 30_000 });
    const contest = await contests.open(admin, settings());
    expect(await kick.events.deliver('chat.message.sent', early)).toBe(200);
    expect(await replyTo(early.message_id)).toBe(`@viewer${kickId} ${CONTEST_TEXTS.notOpen}`);
    expect(await ledger(id, contest.id)).toEqual({ staked: 0, balance: 500, wallet: 500 });
  });

  it('refuses a message after the contest closed, and says so', async () => {
    const contest = await contests.open(admin, settings());
    const { id, kickId } = await member(500);
    await contests.close(admin, contest.id);
    const late = chat(kickId, '!bet 1 100');
    expect(await kick.events.deliver('chat.message.sent', late)).toBe(200);
    expect(await replyTo(late.message_id)).toBe(`@viewer${kickId} no contest is taking stakes right now.`);
    expect(await ledger(id, contest.id)).toEqual({ staked: 0, balance: 500, wallet: 500 });
  });

  it('refuses a member on a break from gambling content, as the site does', async () => {
    const contest = await contests.open(admin, settings());
    const { id, kickId, client } = await member(500, true);
    expect((await client.json('POST', '/api/r/safety/break', { period: '24h', confirm: true })).status).toBe(201);
    const resting = chat(kickId, '!bet 1 100');
    expect(await kick.events.deliver('chat.message.sent', resting)).toBe(200);
    expect(await replyTo(resting.message_id)).toBe(`@viewer${kickId} ${CONTEST_TEXTS.notTakingPart}`);
    expect(await ledger(id, contest.id)).toEqual({ staked: 0, balance: 500, wallet: 500 });
  });

  it('stakes once and answers once for a message delivered again (same delivery) and under a second delivery id', async () => {
    const contest = await contests.open(admin, settings());
    const { id, kickId } = await member(500);
    const message = chat(kickId, '!bet 3 100');
    const delivery = kick.events.sign('chat.message.sent', message);
    expect(await kick.events.send(delivery)).toBe(200);
    expect(await replyTo(message.message_id)).toMatch(/you staked 100 on Sugar Rush/);
    // Kick's retry of the same delivery, and the same chat message delivered again with its own delivery id.
    expect(await kick.events.send(delivery)).toBe(200);
    expect(await kick.events.deliver('chat.message.sent', message)).toBe(200);
    // A later message from someone else is answered after them: the repeats had their chance to answer.
    const { kickId: otherKick } = await member(100);
    const next = chat(otherKick, '!bet 1 10');
    expect(await kick.events.deliver('chat.message.sent', next)).toBe(200);
    await replyTo(next.message_id);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(kick.events.chatMessages.filter((m) => m.reply_to_message_id === message.message_id)).toHaveLength(1);
    expect(await ledger(id, contest.id)).toEqual({ staked: 100, balance: 400, wallet: 400 });
  });

  it('parallel stakes from the site and chat on one member never take the balance below zero', async () => {
    const contest = await contests.open(admin, settings({ max_stake: 1_000 }));
    const { id, kickId, client } = await member(300, true);
    // Twelve asks of 60 (720) against 300 points: six through the site's route, six from chat, all at once.
    const site = Array.from({ length: 6 }, () => client.json('POST', `/api/r/contests/${contest.id}/stake`, { option: 0, points: 60 }));
    const messages = Array.from({ length: 6 }, () => chat(kickId, '!bet gates 60'));
    const chatStatuses = messages.map((m) => kick.events.deliver('chat.message.sent', m));
    const siteAnswers = await Promise.all(site);
    expect(await Promise.all(chatStatuses)).toEqual(Array(6).fill(200));
    const replies = await Promise.all(messages.map((m) => replyTo(m.message_id)));

    const siteStaked = siteAnswers.filter((a) => a.status === 200).length;
    const chatStaked = replies.filter((r) => r.includes('you staked 60')).length;
    expect(siteStaked + chatStaked).toBe(5);
    // Every ask not staked was refused for want of points, on either path.
    for (const refused of siteAnswers.filter((a) => a.status !== 200))
      expect(refused).toMatchObject({ status: 422, body: { success: false, message: 'Not enough points.' } });
    expect(replies.filter((r) => !r.includes('you staked'))).toEqual(Array(6 - chatStaked).fill(`@viewer${kickId} Not enough points.`));
    expect(await ledger(id, contest.id)).toEqual({ staked: 300, balance: 0, wallet: 0 });
  });
});
