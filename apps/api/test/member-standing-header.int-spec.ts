import { EntityManager } from '@mikro-orm/postgresql';
import { EconomyService } from '@kickback/domain';
import { createTestStack, createUser, type RunningApi, type TestStack } from '@kickback/testing';

describe('GET /api/r/points/standing: the header balance and level', () => {
  let stack: TestStack;
  let api: RunningApi;
  let em: EntityManager;

  beforeAll(async () => {
    stack = await createTestStack();
    api = await stack.api();
    em = api.app.get(EntityManager);
  });
  afterAll(() => stack.close());

  it('answers a new member 0 points at level 1, then the credited balance and the level their XP reached', async () => {
    const member = await createUser(em);
    const client = api.client();
    await client.loginAs(member.id);
    expect((await client.json('GET', '/api/r/points/standing')).body).toEqual({ success: true, data: { balance: 0, level: 1 } });

    await em
      .fork()
      .transactional((tx) =>
        api.app
          .get(EconomyService)
          .credit(tx, { userId: member.id, amount: 250, reason: 'test.grant', idempotencyKey: `grant-${member.id}` }),
      );
    await em.fork().execute(`insert into member_xp (user_id, xp, level, reached_ledger_id) values (?, 2500, 3, 0)`, [member.id]);
    expect((await client.json('GET', '/api/r/points/standing')).body).toEqual({ success: true, data: { balance: 250, level: 3 } });
  });

  it('is refused to visitors with 401', async () => {
    expect((await api.client().get('/api/r/points/standing')).status).toBe(401);
  });
});
