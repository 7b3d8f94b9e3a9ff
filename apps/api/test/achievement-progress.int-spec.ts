import { EntityManager } from '@mikro-orm/postgresql';
import type { ProfileAchievement } from '@kickback/contracts';
import { createTestStack, createUser, type RunningApi, type TestClient, type TestStack } from '@kickback/testing';

/** A locked achievement on a profile shows the member's count against its rule's threshold. */
describe('achievement progress on profiles (real PostgreSQL + Redis)', () => {
  let stack: TestStack;
  let api: RunningApi;
  let em: EntityManager;
  let admin: TestClient;

  beforeAll(async () => {
    stack = await createTestStack();
    api = await stack.api();
    em = api.app.get(EntityManager);
    admin = await api.signedIn({ role: 'Admin' });
  });
  afterAll(() => stack.close());

  it('counts as the rule counts, caps at the threshold, and is null once unlocked', async () => {
    const created = await admin.json('POST', '/api/admin/achievements', {
      name: 'Five Entries',
      icon: '🎟️',
      description: 'Enter five raffles.',
      category: 'raffles',
      rule: { counter: 'raffle_entries', threshold: 5 },
    });
    expect(created.status).toBe(201);
    const member = await createUser(em);
    // Two raffle entries' XP awards, as the award statement keeps them (member_xp_sources).
    await em.fork().execute(`insert into member_xp_sources (user_id, source, awards) values (?, 'raffle_entry', 2)`, [member.id]);
    const progressOf = async () => {
      const res = await api.client().json<{ data: { achievements: ProfileAchievement[] } }>('GET', `/api/r/user/${member.username}`);
      return res.body.data.achievements.find((a) => a.name === 'Five Entries')!;
    };
    expect((await progressOf()).progress).toEqual({ current: 2, target: 5 });

    await em.fork().execute(`update member_xp_sources set awards = 9 where user_id = ?`, [member.id]);
    expect((await progressOf()).progress).toEqual({ current: 5, target: 5 });

    await em
      .fork()
      .execute(`insert into member_achievements (user_id, achievement_id, unlocked_at) values (?, ?, now())`, [
        member.id,
        created.body.data.id,
      ]);
    expect(await progressOf()).toMatchObject({ unlocked: true, progress: null });
  });
});
