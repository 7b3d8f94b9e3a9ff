import { EntityManager } from '@mikro-orm/postgresql';
import { POLL_TEXTS, type PollOpen } from '@kickback/contracts';
import { createUser, integrationStack } from '@kickback/testing';
import { MemberBreaksService } from '../safety/member-breaks.service';
import { PollsService } from './polls.service';

/**
 * Polls against real PostgreSQL: one vote per voter however many arrive at once, a vote racing the close either counted
 * before it or refused, and the audience and stale-message rules. Every count is read back from poll_votes.
 */
describe('polls (real PostgreSQL)', () => {
  const stack = integrationStack();
  let em: EntityManager;
  let polls: PollsService;
  let admin: number;

  beforeAll(async () => {
    em = stack.em;
    polls = stack.api.app.get(PollsService);
    admin = (await createUser(em, { role: 'Admin' })).id;
  });

  // One poll is open at a time: each test ends its own.
  afterEach(async () => {
    await em.fork().execute(`update polls set status = 'cancelled' where status = 'open'`);
  });

  const settings = (over: Partial<PollOpen> = {}): PollOpen => ({
    question: 'Which slot pays best tonight?',
    options: ['Gates', 'Sugar', 'Dog House'],
    audience: 'members',
    window_seconds: null,
    ...over,
  });

  async function members(count: number, kickIds = false): Promise<number[]> {
    const rows = await em.fork().execute<{ id: number }[]>(
      `insert into users (username, name, role, kick_user_id, is_demo)
       select 'p' || g || '_' || md5(random()::text), 'p' || g, 'member',
              case when ? then 900000000 + (random() * 99999999)::bigint end, true
       from generate_series(1, ?) g returning id`,
      [kickIds, count],
    );
    return rows.map((r) => r.id);
  }

  const rowsOf = (pollId: number) =>
    em
      .fork()
      .execute<{ user_id: number | null; kick_user_id: string | null; option: number }[]>(
        'select user_id, kick_user_id::text, option from poll_votes where poll_id = ? order by id',
        [pollId],
      );

  const outcome = (p: Promise<unknown>) =>
    p.then(
      () => 'counted' as const,
      (e: Error) => e.message,
    );

  it('many parallel votes by one member leave one vote, the last one applied, and a change is an update', async () => {
    const poll = await polls.open(admin, settings());
    const [member] = await members(1);
    const options = Array.from({ length: 60 }, (_, i) => i % 3);
    const results = await Promise.all(options.map((option) => polls.vote({ memberId: member! }, poll.id, option)));
    expect(results.every((r) => r.poll_id === poll.id)).toBe(true);
    const rows = await rowsOf(poll.id);
    expect(rows).toHaveLength(1);
    expect(options).toContain(rows[0]!.option);
    const view = await polls.view(poll.id);
    expect(view.total).toBe(1);
    expect(view.options[rows[0]!.option]).toMatchObject({ votes: 1, percent: 100 });

    const other = (rows[0]!.option + 1) % 3;
    expect(await polls.vote({ memberId: member! }, 'current', other)).toEqual({ poll_id: poll.id, option: other, changed: true });
    expect(await polls.vote({ memberId: member! }, poll.id, other)).toMatchObject({ changed: false });
    expect(await rowsOf(poll.id)).toEqual([{ user_id: member, kick_user_id: null, option: other }]);
  });

  it('a vote racing the close is counted before it or refused, never half: the closed counts are every counted vote', async () => {
    const poll = await polls.open(admin, settings());
    const voters = await members(300);
    const vote = (i: number) => outcome(polls.vote({ memberId: voters[i]! }, poll.id, i % 3));
    // Ten are counted before the close, 280 are sent with it, and ten after its answer: the race is the middle
    // group, and the first and last give bounds that hold however fast this machine is.
    const before = await Promise.all(Array.from({ length: 10 }, (_, i) => vote(i)));
    const during = Array.from({ length: 280 }, (_, i) => vote(10 + i));
    const closed = await polls.close(admin, poll.id);
    const after = await Promise.all(Array.from({ length: 10 }, (_, i) => vote(290 + i)));
    const outcomes = [...before, ...(await Promise.all(during)), ...after];
    const counted = outcomes.filter((o) => o === 'counted').length;
    expect(before.every((o) => o === 'counted')).toBe(true);
    expect(after.every((o) => o === POLL_TEXTS.notOpen)).toBe(true);
    expect(outcomes.filter((o) => o !== 'counted').every((o) => o === POLL_TEXTS.notOpen)).toBe(true);
    expect(closed.status).toBe('closed');
    // What the close answered is final: no vote landed after it.
    expect(closed.total).toBe(counted);
    expect((await rowsOf(poll.id)).length).toBe(counted);
    expect((await polls.view(poll.id)).total).toBe(counted);
    // Counted votes are the members whose call succeeded, each with the option they chose.
    const rows = await rowsOf(poll.id);
    const byMember = new Map(rows.map((r) => [r.user_id, r.option]));
    voters.forEach((id, i) => {
      if (outcomes[i] === 'counted') expect(byMember.get(id)).toBe(i % 3);
      else expect(byMember.has(id)).toBe(false);
    });
    expect(closed.options.reduce((sum, o) => sum + o.percent, 0)).toBe(counted ? 100 : 0);
    await expect(polls.vote({ memberId: voters[0]! }, poll.id, 1)).rejects.toThrow(POLL_TEXTS.notOpen);
  });

  it('counts and whole percents that add up to 100, largest remainders first', async () => {
    const poll = await polls.open(admin, settings());
    const voters = await members(3);
    await Promise.all(voters.map((memberId, i) => polls.vote({ memberId }, poll.id, i)));
    expect((await polls.view(poll.id)).options.map((o) => [o.votes, o.percent])).toEqual([
      [1, 34],
      [1, 33],
      [1, 33],
    ]);
    await expect(polls.vote({ memberId: voters[0]! }, poll.id, 3)).rejects.toThrow(POLL_TEXTS.unknownOption);
    await expect(polls.open(admin, settings())).rejects.toThrow(POLL_TEXTS.anotherOpen);
  });

  it('members only takes chat votes from linked members; everyone with a Kick login takes any Kick account, once', async () => {
    const [linked] = await members(1, true);
    const [{ kick_user_id: linkedKick }] = await em
      .fork()
      .execute<{ kick_user_id: string }[]>('select kick_user_id::text from users where id = ?', [linked]);
    const stranger = 123_456_789;

    const membersOnly = await polls.open(admin, settings());
    await expect(polls.vote({ kickUserId: stranger }, 'current', 0)).rejects.toThrow(POLL_TEXTS.membersOnly);
    // The site vote and the chat vote of one person are one vote.
    await polls.vote({ memberId: linked! }, membersOnly.id, 0);
    expect(await polls.vote({ kickUserId: Number(linkedKick) }, 'current', 2)).toMatchObject({ option: 2, changed: true });
    expect(await rowsOf(membersOnly.id)).toEqual([{ user_id: linked, kick_user_id: null, option: 2 }]);
    await polls.close(admin, membersOnly.id);

    const everyone = await polls.open(admin, settings({ audience: 'kick' }));
    await Promise.all(Array.from({ length: 20 }, (_, i) => polls.vote({ kickUserId: stranger }, 'current', i % 2)));
    const rows = await rowsOf(everyone.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: null, kick_user_id: String(stranger) });
  });

  it('refuses a chat vote sent before the poll opened or after its timer ran out; a timed-out poll frees the open place', async () => {
    const poll = await polls.open(admin, settings({ window_seconds: 60 }));
    const [member] = await members(1);
    const opened = new Date(poll.opened_at).getTime();
    await expect(polls.vote({ memberId: member! }, 'current', 0, new Date(opened - 1_000))).rejects.toThrow(POLL_TEXTS.sentOutside);
    await expect(polls.vote({ memberId: member! }, 'current', 0, new Date(opened + 61_000))).rejects.toThrow(POLL_TEXTS.sentOutside);
    expect(await polls.vote({ memberId: member! }, 'current', 1, new Date(opened + 1_000))).toMatchObject({ option: 1 });

    await em
      .fork()
      .execute(`update polls set opened_at = now() - interval '2 minutes', closes_at = now() - interval '1 minute' where id = ?`, [
        poll.id,
      ]);
    expect((await polls.view(poll.id)).status).toBe('closed');
    await expect(polls.vote({ memberId: member! }, poll.id, 0)).rejects.toThrow(POLL_TEXTS.notOpen);
    const next = await polls.open(admin, settings({ question: 'Next?' }));
    expect(next.status).toBe('open');
    expect((await polls.view(poll.id)).options[1]).toMatchObject({ votes: 1, percent: 100 });
  });

  it('a member on a break sees no poll and cannot vote, from the site or from chat', async () => {
    await polls.open(admin, settings({ audience: 'kick' }));
    const [resting] = await members(1, true);
    await stack.api.app.get(MemberBreaksService).take(resting!, '24h');
    expect(await polls.current(resting!)).toBeNull();
    expect(await polls.forMember(resting!)).toEqual({ poll: null, mine: null });
    await expect(polls.vote({ memberId: resting! }, 'current', 0)).rejects.toThrow(POLL_TEXTS.notTakingPart);
    const [{ kick_user_id }] = await em
      .fork()
      .execute<{ kick_user_id: string }[]>('select kick_user_id::text from users where id = ?', [resting]);
    await expect(polls.vote({ kickUserId: Number(kick_user_id) }, 'current', 0)).rejects.toThrow(POLL_TEXTS.notTakingPart);
  });

  it('cancel takes it off stream once; a second cancel is refused', async () => {
    const poll = await polls.open(admin, settings());
    expect((await polls.cancel(admin, poll.id)).status).toBe('cancelled');
    await expect(polls.cancel(admin, poll.id)).rejects.toThrow(POLL_TEXTS.alreadyEnded);
    await expect(polls.vote({ memberId: admin }, poll.id, 0)).rejects.toThrow(POLL_TEXTS.notOpen);
  });
});
