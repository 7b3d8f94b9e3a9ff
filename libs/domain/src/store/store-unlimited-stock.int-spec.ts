import { Client } from 'pg';
import { integrationStack, createUser, type TestClient } from '@kickback/testing';
import { EconomyService } from '../economy/economy.service';

/**
 * Items without stock (quantity null) take no row lock on the item: their redemptions run side by side,
 * and an admin holding the item row (an edit in flight) does not stop them. Limited stock still never
 * oversells, the per-user limit still holds, and stock changed by an admin mid-redemption never causes a
 * spurious "out of stock".
 */
describe('store items with unlimited stock (real PostgreSQL)', () => {
  let economy: EconomyService;

  // Every request comes from 127.0.0.1; the per-address limit is not under test here.
  const stack = integrationStack({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } });

  beforeAll(async () => {
    economy = stack.api.app.get(EconomyService);
  });

  async function item(cost: number, quantity: number | null, max: number | null = null): Promise<number> {
    const [{ id }] = await stack.em
      .fork()
      .execute<{ id: number }[]>(
        `insert into store_items (name, cost, quantity, max_purchases_per_user, category) values (?, ?, ?, ?, 'test') returning id`,
        [`Item ${Math.random().toString(36).slice(2, 7)}`, cost, quantity, max],
      );
    return id;
  }

  const redeem = (m: { client: TestClient }, itemId: number) => m.client.json('POST', `/api/r/store/${itemId}/redeem`);

  const quantityOf = async (itemId: number) =>
    (await stack.em.fork().execute<{ quantity: number | null }[]>('select quantity from store_items where id = ?', [itemId]))[0]!.quantity;

  /** A second connection that holds the item's row lock, as an admin's edit does until it commits. */
  async function holdItemRow(sql: string, params: unknown[]): Promise<Client> {
    const holder = new Client({ connectionString: stack.databaseUrl });
    await holder.connect();
    await holder.query('begin');
    await holder.query(sql, params);
    return holder;
  }

  /** Waits until `n` statements of this database wait for a lock (the redemptions reached the held row). */
  async function waitingForLocks(n: number): Promise<void> {
    for (let tries = 0; tries < 200; tries++) {
      const [{ waiting }] = await stack.em
        .fork()
        .execute<{ waiting: number }[]>(
          `select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        );
      if (waiting >= n) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`fewer than ${n} statements waited for the held row`);
  }

  /** Resolves with the answers, or with 'blocked' if they have not all arrived within `ms`. */
  function within<T>(ms: number, work: Promise<T>): Promise<T | 'blocked'> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'blocked'>((resolve) => (timer = setTimeout(() => resolve('blocked'), ms)));
    return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
  }

  it('parallel redemptions of an unlimited item: every legal one succeeds, limits and balances hold', async () => {
    const itemId = await item(100, null, 3);
    // 8 members can afford all their attempts (the limit of 3 stops them), 4 can afford exactly one.
    const rich = await Promise.all(Array.from({ length: 8 }, () => stack.member({ points: 1000 })));
    const poor = await Promise.all(Array.from({ length: 4 }, () => stack.member({ points: 150 })));
    const attempts = [...rich, ...poor].flatMap((m) => Array.from({ length: 5 }, () => ({ m, answer: redeem(m, itemId) })));
    const results = await Promise.all(attempts.map(async ({ m, answer }) => ({ userId: m.id, ...(await answer) })));

    const okBy = (userId: number) => results.filter((r) => r.userId === userId && r.status === 200).length;
    expect(rich.map((m) => okBy(m.id))).toEqual(Array(8).fill(3));
    expect(poor.map((m) => okBy(m.id))).toEqual(Array(4).fill(1));
    const refusals = results.filter((r) => r.status !== 200);
    for (const r of refusals) {
      const message = rich.some((m) => m.id === r.userId) ? 'You have reached the purchase limit for this item.' : 'Not enough points.';
      expect({ status: r.status, body: r.body }).toEqual({
        status: message === 'Not enough points.' ? 422 : 409,
        body: { success: false, message, ...(message === 'Not enough points.' ? { errors: expect.any(Object) } : {}) },
      });
    }
    // The answers report unlimited stock, and the stock stays unlimited.
    expect(results.filter((r) => r.status === 200).every((r) => r.body.data.item.quantity === null)).toBe(true);
    expect(await quantityOf(itemId)).toBeNull();

    for (const m of rich) expect(await economy.balanceOf(m.id)).toBe(700);
    for (const m of poor) expect(await economy.balanceOf(m.id)).toBe(50);
    const counters = await stack.em
      .fork()
      .execute<{ user_id: number; purchases: number; redemptions: number }[]>(
        `select pc.user_id, pc.purchases, (select count(*)::int from store_redemptions r where r.user_id = pc.user_id and r.item_id = pc.item_id) as redemptions from store_purchase_counters pc where pc.item_id = ?`,
        [itemId],
      );
    expect(counters).toHaveLength(12);
    expect(counters.every((c) => c.purchases === c.redemptions && c.purchases <= 3)).toBe(true);
    const [{ events }] = await stack.em
      .fork()
      .execute<{ events: number }[]>(
        `select count(*)::int as events from outbox_events where type = 'redemption.created' and (payload->>'itemId')::int = ?`,
        [itemId],
      );
    expect(events).toBe(8 * 3 + 4);
  });

  it('redemptions of an unlimited item do not wait for a transaction holding the item row; stock an admin sets afterwards is never oversold', async () => {
    const itemId = await item(10, null);
    const members = await Promise.all(Array.from({ length: 9 }, () => stack.member({ points: 100 })));
    // An admin limiting the stock to 2, not yet committed: the item row is locked.
    const admin = await holdItemRow('update store_items set quantity = 2, updated_at = now() where id = $1', [itemId]);
    try {
      const during = await within(10_000, Promise.all(members.slice(0, 5).map((m) => redeem(m, itemId))));
      expect(during === 'blocked' ? 'blocked' : during.map((r) => r.status)).toEqual(Array(5).fill(200));
      await admin.query('commit');
    } finally {
      await admin.query('rollback').catch(() => undefined);
      await admin.end();
    }
    // Committed: the stock is 2 and four members race for it.
    const after = await Promise.all(members.slice(5).map((m) => redeem(m, itemId)));
    expect(after.map((r) => r.status).sort()).toEqual([200, 200, 409, 409]);
    expect(after.filter((r) => r.status === 409).every((r) => r.body.message === 'This item is out of stock.')).toBe(true);
    expect(await quantityOf(itemId)).toBe(0);
    const [{ n }] = await stack.em
      .fork()
      .execute<{ n: number }[]>('select count(*)::int as n from store_redemptions where item_id = ?', [itemId]);
    expect(n).toBe(7);
  });

  it('limited stock that an admin makes unlimited while redemptions wait for its row: all of them succeed, none "out of stock"', async () => {
    const itemId = await item(10, 2);
    const members = await Promise.all(Array.from({ length: 6 }, () => stack.member({ points: 100 })));
    const admin = await holdItemRow('update store_items set quantity = null, updated_at = now() where id = $1', [itemId]);
    let answers: Promise<{ status: number; body: { message?: string } }[]>;
    try {
      // The first batch's redemption reads stock 2 (the committed state) and waits for the admin's row lock to
      // decrement it; the others wait behind that batch in the api.
      answers = Promise.all(members.map((m) => redeem(m, itemId)));
      await waitingForLocks(1);
      await admin.query('commit');
    } finally {
      await admin.query('rollback').catch(() => undefined);
      await admin.end();
    }
    expect((await answers).map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(await quantityOf(itemId)).toBeNull();
  });

  it('an admin edit does not wait for redemptions in flight', async () => {
    const itemId = await item(10, null);
    const buyer = await createUser(stack.em);
    const adminClient = await stack.api.signedIn({ role: 'Admin' });
    // A redemption in flight: its redemption row is written, the transaction still open (a key-share lock on the item).
    const inFlight = await holdItemRow(`insert into store_redemptions (user_id, item_id, cost) values ($1, $2, 10)`, [buyer.id, itemId]);
    try {
      const edit = await within(10_000, adminClient.json('PUT', `/api/admin/store-items/${itemId}`, { quantity: 50 }));
      expect(edit === 'blocked' ? 'blocked' : { status: edit.status, quantity: edit.body.data.quantity }).toEqual({
        status: 200,
        quantity: 50,
      });
    } finally {
      await inFlight.query('rollback');
      await inFlight.end();
    }
  });
});
