import { POLL_TEXTS, POLLS_ROOM, type PollCountsPush, type PollView } from '@kickback/contracts';
import { integrationStack, waitFor } from '@kickback/testing';

/** The poll routes: Go live (moderators too) opens, closes and cancels; members vote; bad input gets 4xx. */
describe('poll routes', () => {
  const stack = integrationStack({ admin: true });

  it('a moderator opens a poll on Go live; members vote and change their vote; the counts and percents follow; close stops votes', async () => {
    const moderator = (await stack.member({ role: 'moderator' })).client;
    const opened = await moderator.json('POST', '/api/admin/polls', {
      question: 'Which slot next?',
      options: ['Gates', 'Sugar'],
      audience: 'members',
      window_seconds: null,
    });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ success: true, message: 'Poll open.', data: { status: 'open', total: 0 } });
    const id: number = opened.body.data.id;

    const [a, b, c] = [await stack.member(), await stack.member(), await stack.member()];
    expect((await a.client.json('POST', `/api/r/polls/${id}/vote`, { option: 0 })).body).toMatchObject({
      message: 'Vote counted.',
      data: { poll_id: id, option: 0, changed: false },
    });
    await b.client.json('POST', `/api/r/polls/${id}/vote`, { option: 0 });
    await c.client.json('POST', `/api/r/polls/${id}/vote`, { option: 0 });
    const changed = await c.client.json('POST', `/api/r/polls/${id}/vote`, { option: 1 });
    expect(changed.body).toMatchObject({ message: 'Vote changed.', data: { option: 1, changed: true } });

    const page = await c.client.json('GET', '/api/r/polls/current');
    expect(page.body.data.mine).toBe(1);
    expect(page.body.data.poll).toMatchObject({ id, total: 3, audience: 'members' });
    expect(page.body.data.poll.options).toEqual([
      { index: 0, label: 'Gates', votes: 2, percent: 67 },
      { index: 1, label: 'Sugar', votes: 1, percent: 33 },
    ]);
    // A visitor sees the poll and no vote of their own.
    expect((await stack.api.client().json('GET', '/api/r/polls/current')).body.data).toMatchObject({ poll: { id }, mine: null });
    // A member on a break sees no poll and cannot vote.
    const resting = await stack.member();
    expect((await resting.client.json('POST', '/api/r/safety/break', { period: '24h', confirm: true })).status).toBe(201);
    expect((await resting.client.json('GET', '/api/r/polls/current')).body.data).toEqual({ poll: null, mine: null });
    expect(await resting.client.json('POST', `/api/r/polls/${id}/vote`, { option: 0 })).toMatchObject({
      status: 403,
      body: { success: false, message: POLL_TEXTS.notTakingPart },
    });

    const another = await stack.admin.json('POST', '/api/admin/polls', {
      question: 'Q',
      options: ['1', '2'],
      audience: 'kick',
      window_seconds: 30,
    });
    expect(another).toMatchObject({ status: 409, body: { success: false, message: POLL_TEXTS.anotherOpen } });

    const closed = await moderator.json('POST', `/api/admin/polls/${id}/close`);
    expect(closed.body).toMatchObject({ message: 'Poll closed.', data: { status: 'closed', total: 3 } });
    expect(await a.client.json('POST', `/api/r/polls/${id}/vote`, { option: 1 })).toMatchObject({
      status: 409,
      body: { success: false, message: POLL_TEXTS.notOpen },
    });
    expect((await stack.admin.json('GET', '/api/admin/polls/current')).body.data).toMatchObject({ id, status: 'closed' });
    expect((await stack.admin.json('POST', `/api/admin/polls/${id}/cancel`)).body.data.status).toBe('cancelled');
    expect(await stack.admin.json('POST', `/api/admin/polls/${id}/cancel`)).toMatchObject({
      status: 409,
      body: { message: POLL_TEXTS.alreadyEnded },
    });
  });

  it('pushes the status and, through the coalescer, the counts to room polls as votes come in', async () => {
    const socket = await stack.socket(null);
    socket.emit('room:join', POLLS_ROOM);
    await new Promise((resolve) => socket.once('room:joined', resolve));
    const statuses: PollView[] = [];
    const counts: PollCountsPush[] = [];
    socket.on('poll:status', ({ poll }: { poll: PollView }) => statuses.push(poll));
    socket.on('poll:counts', (push: PollCountsPush) => counts.push(push));

    const opened = await stack.admin.json('POST', '/api/admin/polls', {
      question: 'Live?',
      options: ['Yes', 'No'],
      audience: 'kick',
      window_seconds: 60,
    });
    const id: number = opened.body.data.id;
    const voters = await Promise.all(Array.from({ length: 8 }, () => stack.member()));
    const answers = await Promise.all(voters.map((v, i) => v.client.json('POST', `/api/r/polls/${id}/vote`, { option: i < 6 ? 0 : 1 })));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    // The window's last push carries every vote (the first may have gone out at the leading edge with fewer).
    const last = await waitFor(() => counts.find((c) => c.votes[0] === 6 && c.votes[1] === 2));
    expect(last).toBe(counts.at(-1));
    expect(last.poll_id).toBe(id);
    // Bounded: 8 votes in one burst make at most a leading push and the window's flush (plus one per window after).
    expect(counts.length).toBeLessThanOrEqual(4);
    expect(statuses.at(-1)).toMatchObject({ id, status: 'open' });
    const closing = await stack.admin.json('POST', `/api/admin/polls/${id}/close`);
    expect(closing.status).toBe(200);
    const closed = await waitFor(() => statuses.find((p) => p.status === 'closed'));
    expect(closed).toMatchObject({ id, total: 8 });
    expect(closed.options.map((o) => o.percent)).toEqual([75, 25]);
  });

  it('answers bad input in the envelope: 422 for bad settings or option, 404 for an unknown poll', async () => {
    const bad = await stack.admin.json('POST', '/api/admin/polls', { question: '', options: ['One'], audience: 'all', window_seconds: 5 });
    expect(bad.status).toBe(422);
    expect(bad.body.success).toBe(false);
    expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(['question', 'options', 'audience', 'window_seconds']));
    const eleven = Array.from({ length: 11 }, (_, i) => `Option ${i}`);
    expect(
      (await stack.admin.json('POST', '/api/admin/polls', { question: 'Q', options: eleven, audience: 'kick', window_seconds: null }))
        .status,
    ).toBe(422);
    const { client } = await stack.member();
    expect((await client.json('POST', '/api/r/polls/999999/vote', { option: 0 })).status).toBe(404);
    expect((await client.json('POST', '/api/r/polls/1/vote', { option: -1 })).status).toBe(422);
    expect((await client.json('POST', '/api/r/polls/1/vote', { option: 0, extra: true })).status).toBe(422);
    expect((await client.json('POST', '/api/r/polls/abc/vote', { option: 0 })).status).toBe(404);
    expect((await stack.admin.json('POST', '/api/admin/polls/999999/close')).status).toBe(404);
  });
});
