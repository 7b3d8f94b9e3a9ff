import { integrationStack, waitFor } from '@kickback/testing';
import { featuredPushes, issueOverlayToken, overlayData } from './support/overlays';

/** The leaderboard on stream: chosen on Go live (else the site's first board); the leaderboard overlay follows it. */
describe('featured leaderboard (real PostgreSQL + Redis)', () => {
  const stack = integrationStack({ admin: true });

  const board = async (slug: string, display_order: number) => {
    const res = await stack.admin.json('POST', '/api/admin/leaderboard/platforms', {
      name: `Board ${slug}`,
      slug,
      currency_symbol: '$',
      source_type: 'manual_csv',
      period_type: 'monthly',
      display_order,
    });
    expect(res.status).toBe(201);
    return res.body.data.id as number;
  };
  const overlayBoard = async (token: string) => (await overlayData(stack, 'leaderboard', token)).platform;

  it("defaults to the site's first board; the admin puts another on stream and the leaderboard overlay is told at once", async () => {
    expect((await stack.admin.json('GET', '/api/admin/featured')).body.data).toMatchObject({ leaderboard: null });
    const first = await board('first-board', 0);
    const second = await board('second-board', 1);
    expect((await stack.admin.json('GET', '/api/admin/featured')).body.data).toMatchObject({ leaderboard: first });
    const token = await issueOverlayToken(stack, 'leaderboard');
    expect(await overlayBoard(token)).toBe('first-board');

    const pushes = await featuredPushes(stack, 'leaderboard', token);

    const member = await stack.api.signedIn();
    expect((await member.json('PUT', '/api/admin/featured/leaderboard', { id: second })).status).toBe(403);

    const chosen = await stack.admin.json('PUT', '/api/admin/featured/leaderboard', { id: second });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toMatchObject({
      data: { leaderboard: second },
      message: 'The leaderboard is on stream now: the leaderboard overlay shows it.',
    });
    await waitFor(() => pushes[0], 10_000, 'overlay:featured push');
    expect(pushes).toEqual([{ kind: 'leaderboard', id: second }]);
    expect(await overlayBoard(token)).toBe('second-board');
    const audits = await stack.em
      .fork()
      .execute<{ entity_id: string }[]>(`select entity_id from audit_logs where action = 'featured.leaderboard'`);
    expect(audits).toEqual([{ entity_id: String(second) }]);

    // A board taken off the site gives way to the first active one (the overlay is told), and cannot be chosen.
    expect((await stack.admin.json('PUT', `/api/admin/leaderboard/platforms/${second}`, { is_active: false })).status).toBe(200);
    expect((await stack.admin.json('GET', '/api/admin/featured')).body.data).toMatchObject({ leaderboard: first });
    await waitFor(() => pushes[1], 10_000, 'overlay:featured push after the board left');
    expect(pushes[1]).toEqual({ kind: 'leaderboard', id: first });
    const refused = await stack.admin.json('PUT', '/api/admin/featured/leaderboard', { id: second });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ id: ['Only an active leaderboard can go on stream.'] });
    expect((await stack.admin.json('PUT', '/api/admin/featured/leaderboard', { id: 999_999 })).status).toBe(422);
    // Refusals change nothing on stream and push nothing.
    expect(pushes).toHaveLength(2);
  });

  it('tells the leaderboard room that a board changed without naming it: a board may be hidden from some listeners', async () => {
    const viewer = await stack.socket(stack.api.client());
    expect(await viewer.timeout(5_000).emitWithAck('room:join', 'leaderboard')).toMatchObject({ joined: true });
    const pushes: unknown[] = [];
    viewer.on('leaderboard:updated', (push: unknown) => pushes.push(push));
    await board('hidden-in-some-countries', 5);
    const [push] = await waitFor(async () => (pushes.length ? pushes : null), 10_000);
    expect(Object.keys(push as object)).toEqual(['at']);
  });
});
