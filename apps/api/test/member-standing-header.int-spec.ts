import { EconomyService } from '@kickback/domain';
import { integrationStack, createUser } from '@kickback/testing';

describe('GET /api/r/points/standing: the header balance and level', () => {
  const stack = integrationStack();

  it('answers a new member 0 points at level 1, then the credited balance and the level their XP reached', async () => {
    const member = await createUser(stack.em);
    const client = stack.api.client();
    await client.loginAs(member.id);
    expect((await client.json('GET', '/api/r/points/standing')).body).toEqual({ success: true, data: { balance: 0, level: 1 } });

    await stack.em
      .fork()
      .transactional((tx) =>
        stack.api.app
          .get(EconomyService)
          .credit(tx, { userId: member.id, amount: 250, reason: 'test.grant', idempotencyKey: `grant-${member.id}` }),
      );
    await stack.em.fork().execute(`insert into member_xp (user_id, xp, level, reached_ledger_id) values (?, 2500, 3, 0)`, [member.id]);
    expect((await client.json('GET', '/api/r/points/standing')).body).toEqual({ success: true, data: { balance: 250, level: 3 } });
  });

  it('is refused to visitors with 401', async () => {
    expect((await stack.api.client().get('/api/r/points/standing')).status).toBe(401);
  });
});
