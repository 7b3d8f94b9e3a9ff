import { integrationStack, createUser } from '@kickback/testing';
import { EconomyService } from './economy.service';
import { InsufficientPointsError } from './points.errors';

describe('EconomyService (real PostgreSQL)', () => {
  let economy: EconomyService;

  const stack = integrationStack();

  beforeAll(async () => {
    economy = stack.api.app.get(EconomyService);
  });

  const ledgerSum = async (userId: number) =>
    Number(
      (
        await stack.em
          .fork()
          .execute<{ s: string }[]>('select coalesce(sum(delta),0)::text as s from points_ledger where user_id = ?', [userId])
      )[0].s,
    );

  it('50 parallel debits of 30 against 1000 points: exactly 33 succeed, balance never below zero, ledger explains balance', async () => {
    const { id } = await createUser(stack.em);
    await stack.em
      .fork()
      .transactional((tx) => economy.credit(tx, { userId: id, amount: 1000, reason: 'test.grant', idempotencyKey: `grant-${id}` }));
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        stack.em
          .fork()
          .transactional((tx) => economy.debit(tx, { userId: id, amount: 30, reason: 'test.spend', idempotencyKey: `spend-${id}-${i}` })),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toHaveLength(33);
    expect(refused.every((r) => (r as PromiseRejectedResult).reason instanceof InsufficientPointsError)).toBe(true);
    expect(await economy.balanceOf(id)).toBe(10);
    expect(await ledgerSum(id)).toBe(10);
  });

  it('creditMany writes a batch in order: each change answers the balance after it, a repeated or used key applies nothing', async () => {
    const [a, b] = [await createUser(stack.em), await createUser(stack.em)];
    await stack.em
      .fork()
      .transactional((tx) => economy.credit(tx, { userId: a.id, amount: 5, reason: 'test.grant', idempotencyKey: `used-${a.id}` }));
    const change = (userId: number, amount: number, key: string) => ({ userId, amount, reason: 'test.batch', idempotencyKey: key });
    const results = await stack.em
      .fork()
      .transactional((tx) =>
        economy.creditMany(tx, [
          change(a.id, 10, `b1-${a.id}`),
          change(b.id, 7, `b1-${b.id}`),
          change(a.id, 3, `used-${a.id}`),
          change(a.id, 20, `b2-${a.id}`),
          change(a.id, 20, `b2-${a.id}`),
        ]),
      );
    expect(results.map((r) => [r.applied, r.balance])).toEqual([
      [true, 15],
      [true, 7],
      [false, 15],
      [true, 35],
      [false, 35],
    ]);
    expect(results[0]!.entry).toMatchObject({ delta: 10, reason: 'test.batch', reference: null });
    expect(await economy.balanceOf(a.id)).toBe(35);
    expect(await ledgerSum(a.id)).toBe(35);
    const pushed = await stack.em
      .fork()
      .execute<{ balance: number }[]>(
        `select (payload->>'balance')::int as balance from outbox_events where type = 'points.changed' and (payload->>'userId')::int = ? order by id`,
        [a.id],
      );
    expect(pushed.map((p) => p.balance)).toEqual([5, 15, 35]);
  });

  it('the same idempotency key sent 10 times in parallel changes the balance once', async () => {
    const { id } = await createUser(stack.em);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        stack.em
          .fork()
          .transactional((tx) => economy.credit(tx, { userId: id, amount: 250, reason: 'test.grant', idempotencyKey: `once-${id}` })),
      ),
    );
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect(await economy.balanceOf(id)).toBe(250);
    expect(await ledgerSum(id)).toBe(250);
  });

  it('a refused debit leaves no ledger row and no outbox event', async () => {
    const { id } = await createUser(stack.em);
    await expect(
      stack.em
        .fork()
        .transactional((tx) => economy.debit(tx, { userId: id, amount: 5, reason: 'test.spend', idempotencyKey: `broke-${id}` })),
    ).rejects.toBeInstanceOf(InsufficientPointsError);
    expect(await stack.em.fork().execute('select 1 from points_ledger where user_id = ?', [id])).toHaveLength(0);
    expect(
      await stack.em.fork().execute(`select 1 from outbox_events where type = 'points.changed' and (payload->>'userId')::int = ?`, [id]),
    ).toHaveLength(0);
  });

  it('admins grant and deduct over HTTP with an audit record; a deduction cannot overdraw', async () => {
    const admin = await createUser(stack.em, { role: 'Admin' });
    const member = await createUser(stack.em);
    const client = stack.api.client();
    await client.loginAs(admin.id);
    const grant = await client.json('POST', `/api/admin/users/${member.id}/points`, { delta: 500, note: 'stream bonus' });
    expect(grant.status).toBe(201);
    expect(grant.body).toMatchObject({ success: true, data: { balance: 500 } });
    const over = await client.json('POST', `/api/admin/users/${member.id}/points`, { delta: -501, note: 'too much' });
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({ success: false, message: 'Not enough points.' });
    const ledger = await client.json('GET', `/api/admin/users/${member.id}/points`);
    expect(ledger.body.data.balance).toBe(500);
    expect(ledger.body.data.entries).toHaveLength(1);
    const audit = await stack.em
      .fork()
      .execute(`select * from audit_logs where action = 'points.adjust' and entity_id = ?`, [String(member.id)]);
    expect(audit).toHaveLength(1);
  });
});
