import type { ContestPoolsPush, ContestView, IssuedOverlayToken, OverlayData } from '@kickback/contracts';
import { ContestsService, EconomyService } from '@kickback/domain';
import { createUser, integrationStack } from '@kickback/testing';

/** The contest overlay kind: its data is the contest the site shows, its token opens room 'contests' and nothing else. */
describe('contest overlay (real PostgreSQL + Redis)', () => {
  const stack = integrationStack({ admin: true });

  const data = async (token: string) => {
    const res = await fetch(`${stack.api.url}/overlay/contest/data?token=${token}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: Extract<OverlayData, { kind: 'contest' }> }).data;
  };

  it('shows the running contest with pools, members and ratios, and follows its stakes in room contests', async () => {
    const issued = await stack.admin.json<{ data: IssuedOverlayToken }>('POST', '/api/admin/overlays/contest/token');
    expect(issued.status).toBe(201);
    const { token } = issued.body.data;
    const contests = stack.api.app.get(ContestsService);
    const economy = stack.api.app.get(EconomyService);
    const admin = (await createUser(stack.em, { role: 'Admin' })).id;
    const member = (await createUser(stack.em, {})).id;
    await stack.em
      .fork()
      .transactional((tx) =>
        economy.creditMany(tx, [{ userId: member, amount: 500, reason: 'test.grant', idempotencyKey: `g-${member}` }]),
      );

    const socket = await stack.socket(null, { overlay: 'contest', token });
    const joined = new Promise((resolve) => socket.once('room:joined', resolve));
    socket.emit('room:join', 'contests');
    await joined;
    const refused = new Promise<{ message: string }>((resolve) => socket.once('room:error', resolve));
    socket.emit('room:join', 'leaderboard');
    expect((await refused).message).toBe('This overlay cannot join that room.');

    const opened = new Promise<{ contest: ContestView }>((resolve) => socket.once('contest:status', resolve));
    const contest = await contests.open(admin, {
      question: 'Over 100x?',
      options: ['Yes', 'No'],
      min_stake: 10,
      max_stake: 500,
      window_seconds: null,
    });
    expect((await opened).contest.id).toBe(contest.id);
    const pools = new Promise<ContestPoolsPush>((resolve) => socket.once('contest:pools', resolve));
    await contests.stake({ contestId: contest.id, userId: member, option: 1, points: 120 });
    expect(await pools).toEqual({
      contest_id: contest.id,
      options: [
        { index: 0, pool: 0, members: 0 },
        { index: 1, pool: 120, members: 1 },
      ],
    });

    const shown = await data(token);
    expect(shown.kind).toBe('contest');
    expect(shown.contest).toEqual(
      expect.objectContaining({
        id: contest.id,
        status: 'open',
        pool: 120,
        members: 1,
        options: [
          { index: 0, label: 'Yes', pool: 0, members: 0, ratio: null },
          { index: 1, label: 'No', pool: 120, members: 1, ratio: 1 },
        ],
      }),
    );
    await contests.cancel(admin, contest.id);
    expect((await data(token)).contest?.status).toBe('cancelled');
  });
});
