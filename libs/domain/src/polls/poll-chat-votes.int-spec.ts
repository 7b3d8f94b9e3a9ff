import { POLL_TEXTS, type PollOpen } from '@kickback/contracts';
import { integrationStack, FakeKickServer, createUser, waitFor, connectStreamerChat, kickChatMessage } from '@kickback/testing';
import { PollsService } from './polls.service';

const STREAMER = { user_id: 5353, name: 'streamer', email: 'streamer@example.com', profile_picture: 'https://files.kick.com/s.png' };

/** `!vote` from Kick chat, through the real webhook, queue and chat reply path: the site's vote, at the message's own time. */
describe('polls: !vote <option> from Kick chat', () => {
  const kick = new FakeKickServer('kickback-local', 'kickback-local-secret');
  kick.nextUser = STREAMER;
  const stack = integrationStack({ worker: true, admin: true, kick });
  let polls: PollsService;
  let admin: number;
  let viewer = 91_000;
  let chatId = 0;

  const poll = (over: Partial<PollOpen> = {}): PollOpen => ({
    question: 'Does the hunt finish in profit?',
    options: ['Yes', 'No', 'Break even'],
    audience: 'members',
    window_seconds: null,
    ...over,
  });

  /** A chat message as Kick sends it (KickDevDocs events/event-types.md), typed `ago` ms before now. */
  const chat = (from: number, content: string, ago = 0) =>
    kickChatMessage(STREAMER.user_id, from, content, { messageId: `vote-${++chatId}`, ago });

  /** Delivers a message and answers the reply it got. */
  const say = async (message: ReturnType<typeof chat>) => {
    expect(await kick.events.deliver('chat.message.sent', message)).toBe(200);
    return waitFor(
      () => kick.events.chatMessages.find((m) => m.reply_to_message_id === message.message_id)?.content,
      15_000,
      `the reply to ${message.message_id}`,
    );
  };

  beforeAll(async () => {
    polls = stack.api.app.get(PollsService);
    admin = (await createUser(stack.em, { role: 'Admin' })).id;
    // The streamer's first setup: replies are sent with their own account's token (docs/kick.md "Chat").
    expect((await connectStreamerChat(stack.admin, STREAMER.user_id)).status).toBe(302);
  });

  afterEach(async () => {
    const current = await polls.current(null);
    if (current?.status === 'open') await polls.cancel(admin, current.id);
  });

  it('a linked member votes by number, then changes the vote by name, and is told each time', async () => {
    const opened = await polls.open(admin, poll());
    const { kickId } = await stack.member({ kickId: ++viewer, signedIn: false });
    expect(await say(chat(kickId, '!vote 2'))).toBe(`@viewer${kickId} you voted No.`);
    expect(await say(chat(kickId, '!VOTE break'))).toBe(`@viewer${kickId} your vote is now Break even.`);
    expect(await say(chat(kickId, '!vote'))).toBe(`@viewer${kickId} vote like this: !vote <option>, by its number or name, e.g. !vote 1.`);
    expect(await say(chat(kickId, '!vote maybe'))).toBe(
      `@viewer${kickId} no option matches "maybe": type its number, 1 to 3, or its name.`,
    );
    const view = await polls.view(opened.id);
    expect([view.total, view.options.map((o) => o.votes)]).toEqual([1, [0, 0, 1]]);
  });

  it('a Kick account with no member votes only in a poll open to everyone with a Kick login', async () => {
    const guest = ++viewer;
    await polls.open(admin, poll());
    expect(await say(chat(guest, '!vote yes'))).toBe(`@viewer${guest} ${POLL_TEXTS.membersOnly}`);
    const current = (await polls.current(null))!;
    await polls.cancel(admin, current.id);
    const everyone = await polls.open(admin, poll({ audience: 'kick' }));
    expect(await say(chat(guest, '!vote yes'))).toBe(`@viewer${guest} you voted Yes.`);
    expect((await polls.view(everyone.id)).options[0]!.votes).toBe(1);
  });

  it('refuses a vote typed before the poll opened, however fresh its delivery', async () => {
    const { kickId } = await stack.member({ kickId: ++viewer, signedIn: false });
    const early = chat(kickId, '!vote 1', 30_000);
    const opened = await polls.open(admin, poll());
    expect(await say(early)).toBe(`@viewer${kickId} ${POLL_TEXTS.sentOutside}`);
    expect((await polls.view(opened.id)).total).toBe(0);
  });
});
