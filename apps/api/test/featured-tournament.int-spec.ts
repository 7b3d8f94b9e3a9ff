import { integrationStack, waitFor } from '@kickback/testing';
import { featuredPushes, issueOverlayToken, overlayData } from './support/overlays';

/** The tournament on stream: chosen on Go live (else the newest active one); the bracket overlay follows it. */
describe('featured tournament (real PostgreSQL + Redis)', () => {
  const stack = integrationStack({ admin: true });

  const createCup = async (name: string) => {
    const res = await stack.admin.json('POST', '/api/admin/tournaments', {
      name,
      size: 4,
      slots: ['A', 'B', 'C', 'D'].map((s) => ({ name: `${name} ${s}` })),
    });
    expect(res.status).toBe(201);
    return res.body.data.id as number;
  };
  const overlayTournament = async (token: string) => (await overlayData(stack, 'tournament', token)).tournament?.id ?? null;

  it('defaults to the newest active tournament; the admin puts another on stream and the bracket overlay is told at once', async () => {
    const older = await createCup('Older Cup');
    const newer = await createCup('Newer Cup');
    expect((await stack.admin.json('GET', '/api/admin/featured')).body.data).toMatchObject({ tournament: newer });
    const token = await issueOverlayToken(stack, 'tournament');
    expect(await overlayTournament(token)).toBe(newer);

    const pushes = await featuredPushes(stack, 'tournament', token);

    const member = await stack.api.signedIn();
    expect((await member.json('PUT', '/api/admin/featured/tournament', { id: older })).status).toBe(403);

    const chosen = await stack.admin.json('PUT', '/api/admin/featured/tournament', { id: older });
    expect(chosen.status).toBe(200);
    expect(chosen.body.data).toMatchObject({ tournament: older });
    await waitFor(() => pushes.find((p) => p.id === older), 10_000, 'overlay:featured push');
    expect(pushes).toEqual([{ kind: 'tournament', id: older }]);
    expect(await overlayTournament(token)).toBe(older);
    const [audit] = await stack.em
      .fork()
      .execute<{ entity_id: string }[]>(`select entity_id from audit_logs where action = 'featured.tournament'`);
    expect(audit).toEqual({ entity_id: String(older) });

    // An inactive tournament gives way to the newest active one, and cannot be chosen.
    expect((await stack.admin.json('PUT', `/api/admin/tournaments/${older}`, { is_active: false })).status).toBe(200);
    expect((await stack.admin.json('GET', '/api/admin/featured')).body.data).toMatchObject({ tournament: newer });
    const refused = await stack.admin.json('PUT', '/api/admin/featured/tournament', { id: older });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.id).toEqual(['Only an active tournament can go on stream.']);
  });
});
