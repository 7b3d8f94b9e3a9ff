import { KICK_REWARD_MESSAGES } from '@kickback/contracts';
import { integrationStack, FakeKickServer, createUser, kickUser, waitFor } from '@kickback/testing';
import { KICK_CONNECTED, connectKickAccount } from './support/kick-consent';

const STREAMER = { user_id: 5353, name: 'streamer', email: 'streamer@example.com', profile_picture: 'https://files.kick.com/s.png' };

/** Issue #48 item 9: the channel's rewards from Kick, created from the admin, and redemptions decided on Kick in batches. */
describe('channel rewards from Kick (real PostgreSQL + Redis, a worker, the fake Kick)', () => {
  const kick = new FakeKickServer('kickback-local', 'kickback-local-secret');
  let kickSeq = 990_000;

  kick.nextUser = STREAMER;
  const stack = integrationStack({ worker: true, admin: true, kick, env: { RATE_LIMIT_PER_MINUTE: '1000000' } });

  beforeAll(async () => {
    expect((await stack.admin.json('PUT', '/api/admin/activity/rules', { broadcaster_user_id: STREAMER.user_id })).status).toBe(200);
  });

  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => stack.em.fork().execute<T[]>(text, params);
  const rewards = async () => (await stack.admin.json('GET', '/api/admin/activity/kick-rewards')).body.data;
  const connect = async (scope?: string) => {
    expect((await connectKickAccount(stack.admin, scope)).headers.get('location')).toBe(KICK_CONNECTED);
  };
  const balance = async (userId: number) =>
    Number((await sql<{ balance: string }>('select balance from wallets where user_id = ?', [userId]))[0]?.balance ?? 0);
  const redemptionDelivery = (redemption: { id: string; reward_id: string; redeemer_user_id: number }, status: string) =>
    kick.events.deliver('channel.reward.redemption.updated', {
      broadcaster: kickUser(STREAMER.user_id, 'streamer'),
      id: redemption.id,
      user_input: '',
      status,
      redeemed_at: new Date().toISOString(),
      redeemer: kickUser(redemption.redeemer_user_id, `viewer_${redemption.redeemer_user_id}`),
      reward: { id: redemption.reward_id, title: 'Hydrate', cost: 100, description: '' },
    });

  it('says why the rewards cannot be listed without a connection or without channel:rewards:read', async () => {
    expect(await rewards()).toEqual({ available: false, reason: KICK_REWARD_MESSAGES.notConnected, rewards: [], waiting_decisions: 0 });
    await connect('user:read channel:read chat:write events:subscribe');
    expect((await rewards()).reason).toBe(KICK_REWARD_MESSAGES.notGranted('channel:rewards:read'));
    const refused = await stack.admin.json('POST', '/api/admin/activity/kick-rewards', { title: 'Hydrate', cost: 100, points: 10 });
    expect(refused).toMatchObject({
      status: 409,
      body: { success: false, message: KICK_REWARD_MESSAGES.notGranted('channel:rewards:write') },
    });
  });

  it("lists the channel's rewards from Kick to map, and creates a reward on Kick mapped in one step (audited)", async () => {
    await connect();
    const existing = kick.channel.addReward(STREAMER.user_id, { title: 'Say hi', cost: 50 });
    kick.channel.addReward(9999, { title: 'Another channel', cost: 5 });
    const listed = await rewards();
    expect(listed).toEqual({
      available: true,
      reason: null,
      waiting_decisions: 0,
      rewards: [
        { id: existing.id, title: 'Say hi', description: '', cost: 50, enabled: true, paused: false, skips_queue: false, points: null },
      ],
    });
    expect(
      (await stack.admin.json('POST', '/api/admin/activity/rewards', { reward_id: existing.id, title: 'Say hi', points: 20 })).status,
    ).toBe(200);
    expect((await rewards()).rewards[0].points).toBe(20);

    const tooLong = await stack.admin.json('POST', '/api/admin/activity/kick-rewards', { title: 'x'.repeat(51), cost: 100, points: 10 });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors.title).toEqual(['Kick allows at most 50 characters in a reward title.']);
    const created = await stack.admin.json('POST', '/api/admin/activity/kick-rewards', {
      title: 'Hydrate',
      description: 'Drink some water',
      cost: 100,
      points: 77,
    });
    expect(created).toMatchObject({ status: 201, body: { message: KICK_REWARD_MESSAGES.created, data: { title: 'Hydrate', points: 77 } } });
    const onKick = kick.channel.rewards.get(STREAMER.user_id)!.find((r) => r.title === 'Hydrate')!;
    expect(onKick).toMatchObject({
      id: created.body.data.id,
      cost: 100,
      description: 'Drink some water',
      should_redemptions_skip_request_queue: false,
    });
    expect(await sql(`select reward_id, points from activity_reward_mappings where reward_id = ?`, [onKick.id])).toEqual([
      { reward_id: onKick.id, points: 77 },
    ]);
    expect(await sql(`select after from audit_logs where action = 'activity.reward.create' and entity_id = ?`, [onKick.id])).toEqual([
      { after: { title: 'Hydrate', cost: 100, points: 77 } },
    ]);
  });

  it('grants pending redemptions and accepts them on Kick in batches of at most 25; one the rules refuse is rejected (refunded)', async () => {
    const reward = kick.channel.rewards.get(STREAMER.user_id)!.find((r) => r.title === 'Hydrate')!;
    const members: { id: number; kickId: number }[] = [];
    for (let i = 0; i < 30; i++) {
      const { id } = await createUser(stack.em, {});
      const kickId = ++kickSeq;
      await sql('update users set kick_user_id = ? where id = ?', [kickId, id]);
      members.push({ id, kickId });
    }
    const excludedKickId = ++kickSeq;
    expect((await stack.admin.json('POST', '/api/admin/activity/exclusions', { kick_user_id: excludedKickId, label: 'Alt' })).status).toBe(
      200,
    );

    const redemptions = members.map((m) => kick.channel.redeem(STREAMER.user_id, reward.id, m.kickId));
    const refusedOne = kick.channel.redeem(STREAMER.user_id, reward.id, excludedKickId);
    const statuses = await Promise.all([...redemptions, refusedOne].map((r) => redemptionDelivery(r, 'pending')));
    expect(statuses.every((s) => s === 200)).toBe(true);

    await waitFor(() => kick.channel.redemptions.every((r) => r.status !== 'pending'), 20_000, 'every redemption decided on Kick');
    expect(redemptions.map((r) => r.status)).toEqual(redemptions.map(() => 'accepted'));
    expect(refusedOne.status).toBe('rejected');
    expect(kick.channel.decisions.every((d) => d.ids.length >= 1 && d.ids.length <= 25)).toBe(true);
    const accepted = kick.channel.decisions.filter((d) => d.action === 'accept').flatMap((d) => d.ids);
    expect(accepted.sort()).toEqual(redemptions.map((r) => r.id).sort());
    expect(kick.channel.decisions.filter((d) => d.action === 'reject').flatMap((d) => d.ids)).toEqual([refusedOne.id]);
    for (const m of members) expect(await balance(m.id)).toBe(77);

    // Kick then reports them accepted: nothing is paid twice, and nothing is sent to Kick again.
    const calls = kick.channel.decisions.length;
    await Promise.all(redemptions.slice(0, 5).map((r) => redemptionDelivery(r, 'accepted')));
    await redemptionDelivery(redemptions[0]!, 'pending');
    for (const m of members.slice(0, 5)) expect(await balance(m.id)).toBe(77);
    expect(Number((await sql<{ n: string }>(`select count(*) as n from kick_redemption_actions where sent_at is null`))[0]!.n)).toBe(0);
    expect(kick.channel.decisions.length).toBe(calls);
  });
});
