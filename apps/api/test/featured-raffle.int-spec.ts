import { FeaturedRaffleService } from '@kickback/domain';
import { integrationStack, waitFor, openRaffle } from '@kickback/testing';
import { featuredPushes, issueOverlayToken, overlayData } from './support/overlays';

/** The raffle on stream: chosen by the admin (else the newest taking entries); the overlay and Go live's draw follow it. */
describe('featured raffle (real PostgreSQL + Redis)', () => {
  const stack = integrationStack({ admin: true });

  const createRaffle = (title: string) => openRaffle(stack.admin, { title, description: 'On stream or not' });
  const overlayRaffle = async (token: string) => (await overlayData(stack, 'raffle', token)).raffle?.id ?? null;

  it('defaults to the newest open raffle; the admin puts another on stream and the overlay is told at once', async () => {
    const older = await createRaffle('Older giveaway');
    const newer = await createRaffle('Newer giveaway');
    expect((await stack.admin.json('GET', '/api/admin/featured')).body.data).toMatchObject({ raffle: newer });
    const token = await issueOverlayToken(stack, 'raffle');
    expect(await overlayRaffle(token)).toBe(newer);

    const pushes = await featuredPushes(stack, 'raffle', token);

    // A moderator running Go live beside the admin is told to read what is on stream again.
    const moderator = await stack.api.signedIn({ role: 'moderator' });
    const goLive = await stack.socket(moderator);
    const liveChanges: { section: string; id: number }[] = [];
    goLive.on('admin:changed', (push: { section: string; id: number }) => liveChanges.push(push));

    const member = await stack.api.signedIn();
    expect((await member.json('PUT', '/api/admin/featured/raffle', { id: older })).status).toBe(403);

    const chosen = await stack.admin.json('PUT', '/api/admin/featured/raffle', { id: older });
    expect(chosen.status).toBe(200);
    expect(chosen.body.data).toMatchObject({ raffle: older });
    await waitFor(() => pushes.find((p) => p.id === older), 10_000, 'overlay:featured push');
    expect(pushes).toEqual([{ kind: 'raffle', id: older }]);
    await waitFor(() => liveChanges.find((c) => c.section === 'raffles' && c.id === older), 10_000, "Go live's admin:changed");
    expect((await stack.admin.json('GET', '/api/admin/featured')).body.data).toMatchObject({ raffle: older });
    expect(await overlayRaffle(token)).toBe(older);
    const [audit] = await stack.em
      .fork()
      .execute<{ entity_id: string }[]>(`select entity_id from audit_logs where action = 'featured.raffle'`);
    expect(audit).toEqual({ entity_id: String(older) });

    // Drawn on stream, it stays there with its winners (Go live and the overlay alike) until the streamer moves on.
    const entrant = await stack.api.signedIn();
    expect((await entrant.json('POST', `/api/r/raffles/${older}/enter`, { entry_type: 'passwordless' })).status).toBe(200);
    expect((await stack.admin.json('POST', `/api/admin/raffles/${older}/draw`)).status).toBe(200);
    expect((await stack.admin.json('GET', '/api/admin/featured')).body.data).toMatchObject({ raffle: older });
    expect(await overlayRaffle(token)).toBe(older);
    // A raffle started after the draw takes over, and the overlay is told without anyone choosing.
    const third = await createRaffle('Third giveaway');
    expect((await stack.admin.json('GET', '/api/admin/featured')).body.data).toMatchObject({ raffle: third });
    await waitFor(() => pushes.at(-1)?.id === third, 10_000, 'overlay:featured for the new raffle');
    expect(await overlayRaffle(token)).toBe(third);
    // Cancelled, it gives way to the newest raffle taking entries, and the overlay is told.
    expect((await stack.admin.json('POST', `/api/admin/raffles/${third}/cancel`)).status).toBe(200);
    expect((await stack.admin.json('GET', '/api/admin/featured')).body.data).toMatchObject({ raffle: newer });
    await waitFor(() => pushes.at(-1)?.id === newer, 10_000, 'overlay:featured after the cancel');
    expect(await overlayRaffle(token)).toBe(newer);
    // Every push named what Go live resolved at that moment: never a raffle Go live did not show.
    expect(pushes.every((p) => p.kind === 'raffle' && [older, third, newer].includes(p.id!))).toBe(true);

    const cancelled = await stack.admin.json('PUT', '/api/admin/featured/raffle', { id: third });
    expect(cancelled.status).toBe(422);
    expect(cancelled.body.errors.id).toEqual(['Only a raffle that is neither drawn nor cancelled can go on stream.']);
    expect((await stack.admin.json('PUT', '/api/admin/featured/raffle', { id: older })).status).toBe(422);
    expect((await stack.admin.json('PUT', '/api/admin/featured/raffle', { id: 'x' })).status).toBe(422);
  });

  it('a raffle on stream only by default is kept there once drawn; a template start takes over; !join finds nothing drawn', async () => {
    // From the test above: nothing chosen is open, so the newest raffle taking entries is on stream.
    const shown = (await stack.admin.json('GET', '/api/admin/featured')).body.data.raffle as number;
    const entrant = await stack.api.signedIn();
    expect((await entrant.json('POST', `/api/r/raffles/${shown}/enter`, { entry_type: 'passwordless' })).status).toBe(200);
    expect((await stack.admin.json('POST', `/api/admin/raffles/${shown}/draw`)).status).toBe(200);
    expect((await stack.admin.json('GET', '/api/admin/featured')).body.data).toMatchObject({ raffle: shown });
    expect(await stack.em.fork().execute(`select item_id from featured_items where kind = 'raffle'`)).toEqual([{ item_id: shown }]);
    expect(await stack.api.app.get(FeaturedRaffleService).raffleIdAt(new Date())).toEqual({ id: null, known: true });

    const template = await stack.admin.json('POST', '/api/admin/raffle-templates', {
      name: 'Quick one',
      settings: { prize_description: 'Sticker pack', prize_value_usd: 5, number_of_winners: 1, duration_minutes: 15 },
    });
    expect(template.status).toBe(201);
    const started = await stack.admin.json('POST', `/api/admin/raffle-templates/${template.body.data.id}/start`, { title: 'Quick one #1' });
    expect(started.status).toBe(201);
    expect((await stack.admin.json('GET', '/api/admin/featured')).body.data).toMatchObject({ raffle: started.body.data.id });
    expect(await stack.api.app.get(FeaturedRaffleService).raffleIdAt(new Date())).toEqual({ id: started.body.data.id, known: true });
  });
});
