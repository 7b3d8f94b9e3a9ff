import type { ProfileAchievement } from '@kickback/contracts';
import { integrationStack, createUser } from '@kickback/testing';

/** A locked achievement on a profile shows the member's count against its rule's threshold. */
describe('achievement progress on profiles (real PostgreSQL + Redis)', () => {
  const stack = integrationStack({ admin: true });

  it('counts as the rule counts, caps at the threshold, and is null once unlocked', async () => {
    const created = await stack.admin.json('POST', '/api/admin/achievements', {
      name: 'Five Entries',
      icon: '🎟️',
      description: 'Enter five raffles.',
      category: 'raffles',
      rule: { counter: 'raffle_entries', threshold: 5 },
    });
    expect(created.status).toBe(201);
    const member = await createUser(stack.em);
    // Two raffle entries' XP awards, as the award statement keeps them (member_xp_sources).
    await stack.em.fork().execute(`insert into member_xp_sources (user_id, source, awards) values (?, 'raffle_entry', 2)`, [member.id]);
    const progressOf = async () => {
      const res = await stack.api.client().json<{ data: { achievements: ProfileAchievement[] } }>('GET', `/api/r/user/${member.username}`);
      return res.body.data.achievements.find((a) => a.name === 'Five Entries')!;
    };
    expect((await progressOf()).progress).toEqual({ current: 2, target: 5 });

    await stack.em.fork().execute(`update member_xp_sources set awards = 9 where user_id = ?`, [member.id]);
    expect((await progressOf()).progress).toEqual({ current: 5, target: 5 });

    await stack.em
      .fork()
      .execute(`insert into member_achievements (user_id, achievement_id, unlocked_at) values (?, ?, now())`, [
        member.id,
        created.body.data.id,
      ]);
    expect(await progressOf()).toMatchObject({ unlocked: true, progress: null });
  });
});
