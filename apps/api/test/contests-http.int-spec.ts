import { CONTEST_TEXTS } from '@kickback/contracts';
import { EconomyService } from '@kickback/domain';
import { integrationStack } from '@kickback/testing';

/** The contest routes: Go live (moderators too) opens from a template, members stake, bad input gets 4xx. */
describe('contest routes', () => {
  const stack = integrationStack({ admin: true });
  const memberWith = (points: number) => stack.member({ points });

  it('a template opens on Go live by a moderator; members stake and see their part; the resolve pays', async () => {
    const admin = stack.admin;
    const settings = { question: 'Hunt in profit?', options: ['Yes', 'No'], min_stake: 10, max_stake: 500, window_seconds: null };
    const template = await admin.json('POST', '/api/admin/contest-templates', { name: 'Hunt profit', ...settings });
    expect(template.status).toBe(201);
    const moderator = (await stack.member({ role: 'moderator' })).client;
    expect((await moderator.json('POST', '/api/admin/contest-templates', { name: 'Other', ...settings })).status).toBe(403);
    const opened = await moderator.json('POST', '/api/admin/contests', { template_id: template.body.data.id });
    expect(opened.status).toBe(200);
    const id: number = opened.body.data.id;
    expect(opened.body.data).toMatchObject({ question: 'Hunt in profit?', status: 'open', pool: 0 });

    const [yes, no] = [await memberWith(100), await memberWith(100)];
    expect((await yes.client.json('POST', `/api/r/contests/${id}/stake`, { option: 0, points: 40 })).body.data).toMatchObject({
      points: 40,
      balance: 60,
    });
    await no.client.json('POST', `/api/r/contests/${id}/stake`, { option: 1, points: 60 });
    // A member on a break from gambling content sees no contest and cannot stake.
    const resting = await memberWith(100);
    expect((await resting.client.json('POST', '/api/r/safety/break', { period: '24h', confirm: true })).status).toBe(201);
    expect((await resting.client.json('GET', '/api/r/contests/current')).body.data.contest).toBeNull();
    const refused = await resting.client.json('POST', `/api/r/contests/${id}/stake`, { option: 0, points: 40 });
    expect(refused).toMatchObject({ status: 403, body: { success: false, message: CONTEST_TEXTS.notTakingPart } });
    expect(await stack.api.app.get(EconomyService).balanceOf(resting.id)).toBe(100);
    const current = await yes.client.json('GET', '/api/r/contests/current');
    expect(current.body.data).toMatchObject({ mine: { option: 0, points: 40 }, balance: 60, notice: CONTEST_TEXTS.noCashValue });
    expect(current.body.data.contest.options).toEqual([
      { index: 0, label: 'Yes', pool: 40, members: 1, ratio: 2.5 },
      { index: 1, label: 'No', pool: 60, members: 1, ratio: 1.67 },
    ]);

    const resolved = await moderator.json('POST', `/api/admin/contests/${id}/resolve`, { option: 0 });
    expect(resolved.body.data).toMatchObject({ status: 'resolved', winning_option: 0 });
    expect(await stack.api.app.get(EconomyService).balanceOf(yes.id)).toBe(160);
    const again = await admin.json('POST', `/api/admin/contests/${id}/cancel`);
    expect(again).toMatchObject({ status: 409, body: { success: false, message: CONTEST_TEXTS.alreadySettled } });
  });

  it('answers bad input in the envelope: 422 for a bad stake or settings, 404 for an unknown contest', async () => {
    const bad = await stack.admin.json('POST', '/api/admin/contests', {
      settings: { question: 'Q', options: ['Only one'], min_stake: 5, max_stake: 1, window_seconds: 5 },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.success).toBe(false);
    const { client } = await memberWith(100);
    expect((await client.json('POST', '/api/r/contests/999999/stake', { option: 0, points: 10 })).status).toBe(404);
    expect((await client.json('POST', '/api/r/contests/1/stake', { option: 0, points: -1 })).status).toBe(422);
    expect((await client.json('POST', '/api/r/contests/1/stake', { option: 0, points: 1, extra: true })).status).toBe(422);
  });

  it('admins edit a template in place: name and settings replaced, a taken name 409, an unknown one 404, bad settings 422', async () => {
    const admin = stack.admin;
    const base = { question: 'Which slot?', options: ['Gates', 'Bonanza'], min_stake: 10, max_stake: 100, window_seconds: 60 };
    const first = (await admin.json('POST', '/api/admin/contest-templates', { name: 'Slot pick', ...base })).body.data;
    await admin.json('POST', '/api/admin/contest-templates', { name: 'Taken name', ...base });
    const edited = await admin.json('PUT', `/api/admin/contest-templates/${first.id}`, {
      name: 'Slot pick 3',
      ...base,
      options: ['Gates', 'Bonanza', 'Sugar Rush'],
      window_seconds: null,
    });
    expect(edited).toMatchObject({
      status: 200,
      body: { data: { id: first.id, name: 'Slot pick 3', options: ['Gates', 'Bonanza', 'Sugar Rush'], window_seconds: null } },
    });
    const listed = (await admin.json('GET', '/api/admin/contest-templates')).body.data as { id: number; name: string }[];
    expect(listed.find((t) => t.id === first.id)).toMatchObject({ name: 'Slot pick 3', question: 'Which slot?', max_stake: 100 });

    const taken = await admin.json('PUT', `/api/admin/contest-templates/${first.id}`, { name: 'Taken name', ...base });
    expect(taken).toMatchObject({ status: 409, body: { success: false, message: 'A template of that name exists.' } });
    expect((await admin.json('PUT', '/api/admin/contest-templates/999999', { name: 'X', ...base })).status).toBe(404);
    const bad = await admin.json('PUT', `/api/admin/contest-templates/${first.id}`, { name: 'X', ...base, max_stake: 5 });
    expect(bad).toMatchObject({ status: 422, body: { success: false, errors: { max_stake: ['Must be at least the minimum.'] } } });
    const moderator = (await stack.member({ role: 'moderator' })).client;
    expect((await moderator.json('PUT', `/api/admin/contest-templates/${first.id}`, { name: 'Y', ...base })).status).toBe(403);
  });
});
