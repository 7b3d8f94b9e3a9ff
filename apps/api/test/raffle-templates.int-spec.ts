import { integrationStack } from '@kickback/testing';

/** Issue #37: a raffle's rules saved as a template, and a raffle started from it (Go live). */
describe('raffle templates (real PostgreSQL + Redis)', () => {
  const stack = integrationStack({ admin: true });

  const settings = {
    prize_description: '$25 gift card',
    number_of_winners: 2,
    duration_minutes: 30,
    entry_rules: { subscribers_only: true, subscriber_multiplier: 3 },
    claim_window_minutes: 10,
  };

  it('saves a template (admins only, names unique), starts a raffle from it now, and deletes it; all audited', async () => {
    const member = await stack.api.signedIn();
    expect((await member.json('POST', '/api/admin/raffle-templates', { name: 'Sub-only stream giveaway', settings })).status).toBe(403);

    const saved = await stack.admin.json('POST', '/api/admin/raffle-templates', { name: 'Sub-only stream giveaway', settings });
    expect(saved.status).toBe(201);
    expect(saved.body.message).toBe('Template "Sub-only stream giveaway" saved.');
    const template = saved.body.data;
    expect(template.settings).toMatchObject({
      ...settings,
      entry_rules: { subscribers_only: true, subscriber_multiplier: 3, min_level: null },
    });
    const again = await stack.admin.json('POST', '/api/admin/raffle-templates', { name: 'sub-only STREAM giveaway', settings });
    expect(again).toMatchObject({ status: 422, body: { errors: { name: ['A template with this name exists already.'] } } });
    const invalid = await stack.admin.json('POST', '/api/admin/raffle-templates', {
      name: 'x',
      settings: { ...settings, duration_minutes: 0 },
    });
    expect(invalid.status).toBe(422);
    expect((await stack.admin.json('GET', '/api/admin/raffle-templates')).body.data.map((t: { name: string }) => t.name)).toContain(
      'Sub-only stream giveaway',
    );

    const before = Date.now();
    const started = await stack.admin.json('POST', `/api/admin/raffle-templates/${template.id}/start`, { title: 'Friday sub giveaway' });
    expect(started.status).toBe(201);
    expect(started.body.message).toBe('Friday sub giveaway is taking entries.');
    const raffle = started.body.data;
    expect(raffle).toMatchObject({
      title: 'Friday sub giveaway',
      prize_description: '$25 gift card',
      number_of_winners: 2,
      is_accepting_entries: true,
      claim_window_minutes: 10,
      entry_rules: { subscribers_only: true, subscriber_multiplier: 3 },
    });
    const ends = Date.parse(raffle.end_datetime) - before;
    expect(ends).toBeGreaterThanOrEqual(30 * 60_000 - 1000);
    expect(ends).toBeLessThan(31 * 60_000);
    // The rules apply to the started raffle like any other.
    const entered = await member.json('POST', `/api/r/raffles/${raffle.id}/enter`, { entry_type: 'passwordless' });
    expect(entered).toMatchObject({ status: 422, body: { message: 'Subscribers only: subscribe to the channel on Kick to enter.' } });

    expect((await stack.admin.json('DELETE', `/api/admin/raffle-templates/${template.id}`)).status).toBe(200);
    expect((await stack.admin.json('POST', `/api/admin/raffle-templates/${template.id}/start`, { title: 'Again' })).status).toBe(404);
    const actions = await stack.em
      .fork()
      .execute<{ action: string }[]>(`select action from audit_logs where entity = 'raffle-template' and entity_id = ? order by id`, [
        String(template.id),
      ]);
    expect(actions.map((a) => a.action)).toEqual(['raffle-template.create', 'raffle-template.delete']);
  });
});
