import { integrationStack, type TestClient } from '@kickback/testing';
import { EconomyService } from '../economy/economy.service';

describe('store redemptions over HTTP (real PostgreSQL)', () => {
  let economy: EconomyService;

  // Every request comes from 127.0.0.1; the per-address limit is not under test here.
  const stack = integrationStack({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } });

  beforeAll(async () => {
    economy = stack.api.app.get(EconomyService);
  });

  async function item(fields: {
    cost: number;
    quantity?: number | null;
    max?: number | null;
    active?: boolean;
    fulfilment?: 'manual' | 'code';
    name?: string;
    category?: string;
  }) {
    const [{ id }] = await stack.em
      .fork()
      .execute<{ id: number }[]>(
        `insert into store_items (name, cost, quantity, max_purchases_per_user, is_active, fulfilment, category) values (?, ?, ?, ?, ?, ?, ?) returning id`,
        [
          fields.name ?? `Item ${Math.random().toString(36).slice(2, 7)}`,
          fields.cost,
          fields.quantity ?? null,
          fields.max ?? null,
          fields.active ?? true,
          fields.fulfilment ?? 'manual',
          fields.category ?? 'test',
        ],
      );
    return id;
  }

  async function assertLedgerExplainsBalance(userIds: number[]) {
    const rows = await stack.em.fork().execute<{ user_id: number; balance: string; ledger: string }[]>(
      `select u.id as user_id, coalesce(w.balance, 0)::text as balance, coalesce((select sum(delta) from points_ledger l where l.user_id = u.id), 0)::text as ledger
       from users u left join wallets w on w.user_id = u.id where u.id in (select jsonb_array_elements_text(?::jsonb)::int)`,
      [JSON.stringify(userIds)],
    );
    expect(rows).toHaveLength(userIds.length);
    for (const r of rows) {
      expect(Number(r.balance)).toBeGreaterThanOrEqual(0);
      expect({ user: r.user_id, balance: r.balance }).toEqual({ user: r.user_id, balance: r.ledger });
    }
  }

  it('100 parallel redeems from 20 users on 5 in stock with a limit of 1: exactly the legal ones succeed', async () => {
    const itemId = await item({ cost: 100, quantity: 5, max: 1 });
    // 14 members can afford it, 6 cannot: at most 5 redemptions, all by distinct funded members.
    const members: { id: number; client: TestClient }[] = [];
    for (let i = 0; i < 20; i++) members.push(await stack.member({ points: i < 14 ? 1000 : 40 }));
    const funded = new Set(members.slice(0, 14).map((m) => m.id));
    const attempts = members.flatMap((m) =>
      Array.from({ length: 5 }, () => ({ m, p: m.client.json('POST', `/api/r/store/${itemId}/redeem`) })),
    );
    const results = await Promise.all(attempts.map(async ({ m, p }) => ({ userId: m.id, ...(await p) })));

    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(5);
    expect(ok.every((r) => r.body.success === true && r.body.message === 'Item redeemed successfully!')).toBe(true);
    expect(new Set(ok.map((r) => r.userId)).size).toBe(5);
    expect(ok.every((r) => funded.has(r.userId))).toBe(true);
    const refusals = results.filter((r) => r.status !== 200);
    const allowed = ['This item is out of stock.', 'You have reached the purchase limit for this item.', 'Not enough points.'];
    for (const r of refusals) {
      expect([409, 422]).toContain(r.status);
      expect(r.body.success).toBe(false);
      expect(allowed).toContain(r.body.message);
    }
    // Members short of points only ever hear that (their attempts never reach the stock).
    for (const r of refusals.filter((x) => !funded.has(x.userId))) {
      if (r.body.message !== 'This item is out of stock.') expect(r.body.message).toBe('Not enough points.');
    }

    const [stock] = await stack.em.fork().execute<{ quantity: number }[]>('select quantity from store_items where id = ?', [itemId]);
    expect(stock.quantity).toBe(0);
    const redemptions = await stack.em
      .fork()
      .execute<{ user_id: number }[]>('select user_id from store_redemptions where item_id = ?', [itemId]);
    expect(redemptions).toHaveLength(5);
    const counters = await stack.em
      .fork()
      .execute<{ purchases: number }[]>('select purchases from store_purchase_counters where item_id = ?', [itemId]);
    expect(counters.every((c) => c.purchases === 1)).toBe(true);
    expect(counters).toHaveLength(5);
    for (const m of members) {
      const expected = funded.has(m.id) ? (ok.some((r) => r.userId === m.id) ? 900 : 1000) : 40;
      expect(await economy.balanceOf(m.id)).toBe(expected);
    }
    await assertLedgerExplainsBalance(members.map((m) => m.id));
    const events = await stack.em
      .fork()
      .execute(`select 1 from outbox_events where type = 'redemption.created' and (payload->>'itemId')::int = ?`, [itemId]);
    expect(events).toHaveLength(5);
  });

  it('a burst is written in shared transactions: a refusal in a batch is its own answer, the others commit, stock never oversells', async () => {
    const itemId = await item({ cost: 50, quantity: 45 });
    // 40 funded members with one who cannot pay after every fourth, all at once, on 45 in stock.
    const members: { id: number; client: TestClient; funded: boolean }[] = [];
    for (let i = 0; i < 50; i++) {
      const funded = i % 5 !== 4;
      members.push({ ...(await stack.member({ points: funded ? 100 : 10 })), funded });
    }
    const redeemAll = (list: typeof members) =>
      Promise.all(list.map(async (m) => ({ m, res: await m.client.json('POST', `/api/r/store/${itemId}/redeem`) })));
    const results = await redeemAll(members);
    expect(results.filter((r) => r.res.status === 200).map((r) => r.m.funded)).toEqual(Array(40).fill(true));
    expect(results.filter((r) => r.res.status !== 200).map((r) => [r.m.funded, r.res.body.message])).toEqual(
      Array(10).fill([false, 'Not enough points.']),
    );
    // Rows written in one transaction share its start time (now(), also inside a savepoint): fewer start times than
    // redemptions means batches formed (the first redemption goes alone; the rest gather while a batch is written).
    const [{ transactions, rows }] = await stack.em
      .fork()
      .execute<{ transactions: number; rows: number }[]>(
        'select count(distinct created_at)::int as transactions, count(*)::int as rows from store_redemptions where item_id = ?',
        [itemId],
      );
    expect(rows).toBe(40);
    expect(transactions).toBeLessThan(40);

    // The last 5 in stock, 10 buyers at once: 5 get one, 5 hear it is sold out.
    const again = await redeemAll(members.filter((m) => m.funded).slice(0, 10));
    expect(again.map((r) => r.res.status).sort()).toEqual([...Array(5).fill(200), ...Array(5).fill(409)]);
    expect(again.filter((r) => r.res.status === 409).every((r) => r.res.body.message === 'This item is out of stock.')).toBe(true);
    expect(await stack.em.fork().execute<{ quantity: number }[]>('select quantity from store_items where id = ?', [itemId])).toEqual([
      { quantity: 0 },
    ]);
    await assertLedgerExplainsBalance(members.map((m) => m.id));
  });

  it('the same Idempotency-Key sent 10 times in parallel makes one redemption and answers each with it', async () => {
    const itemId = await item({ cost: 250, quantity: 100 });
    const m = await stack.member({ points: 1000 });
    const key = `double-click-${m.id}-abcdef`;
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        m.client.request('POST', `/api/r/store/${itemId}/redeem`, { json: {}, headers: { 'idempotency-key': key } }).then(async (res) => ({
          status: res.status,
          body: (await res.json()) as {
            data: { redemption: { id: number }; replayed: boolean; points_entry: { id: number; delta: number; reason: string } | null };
          },
        })),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const ids = new Set(results.map((r) => r.body.data.redemption.id));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.body.data.replayed === false)).toHaveLength(1);
    // The first answer carries the ledger row it wrote (the page's history takes it without a read); replays carry none.
    const first = results.find((r) => !r.body.data.replayed)!.body.data;
    const [ledger] = await stack.em
      .fork()
      .execute<{ id: string }[]>(`select id from points_ledger where user_id = ? and reason = 'store.redeem'`, [m.id]);
    expect(first.points_entry).toMatchObject({ id: Number(ledger!.id), delta: -250, reason: 'store.redeem' });
    expect(results.filter((r) => r.body.data.replayed).every((r) => r.body.data.points_entry === null)).toBe(true);
    expect(await economy.balanceOf(m.id)).toBe(750);
    const [{ quantity }] = await stack.em.fork().execute<{ quantity: number }[]>('select quantity from store_items where id = ?', [itemId]);
    expect(quantity).toBe(99);
    expect(await stack.em.fork().execute('select 1 from store_redemptions where user_id = ?', [m.id])).toHaveLength(1);
    await assertLedgerExplainsBalance([m.id]);

    // A key is bound to its item; a different key is a new purchase.
    const other = await item({ cost: 10 });
    const reused = await m.client.request('POST', `/api/r/store/${other}/redeem`, { json: {}, headers: { 'idempotency-key': key } });
    expect(reused.status).toBe(409);
    const bad = await m.client.request('POST', `/api/r/store/${itemId}/redeem`, {
      json: {},
      headers: { 'idempotency-key': 'no spaces allowed' },
    });
    expect(bad.status).toBe(422);
    const second = await m.client.request('POST', `/api/r/store/${itemId}/redeem`, {
      json: {},
      headers: { 'idempotency-key': `${key}-2` },
    });
    expect(second.status).toBe(200);
    expect(await economy.balanceOf(m.id)).toBe(500);
  });

  it('replays at three times the pool size never wait for a second connection, and other requests stay served', async () => {
    // The api's pool holds 10 connections (testEnv DB_POOL_MAX). A replay that asked the pool for another
    // connection while holding its transaction's would starve every request for the 60 s acquire timeout.
    const itemId = await item({ cost: 5, quantity: 1000 });
    const m = await stack.member({ points: 1000 });
    const key = `burst-${m.id}-abcdef`;
    const replays = Promise.all(
      Array.from({ length: 30 }, () =>
        m.client.request('POST', `/api/r/store/${itemId}/redeem`, { json: {}, headers: { 'idempotency-key': key } }).then((r) => r.status),
      ),
    );
    const unrelated = await m.client.request('GET', '/api/r/points/history');
    expect(unrelated.status).toBe(200);
    expect(await replays).toEqual(Array(30).fill(200));
    expect((await stack.api.client().request('GET', '/readyz')).status).toBe(200);
    expect(await economy.balanceOf(m.id)).toBe(995);
  });

  it('refuses with clear messages and writes nothing', async () => {
    const m = await stack.member({ points: 300 });
    const pricey = await item({ cost: 301 });
    const soldOut = await item({ cost: 10, quantity: 0 });
    const hidden = await item({ cost: 10, active: false });
    const once = await item({ cost: 10, max: 1 });
    const anonymous = stack.api.client();
    await anonymous.refreshCsrf();

    const cases = [
      [m.client, pricey, 422, 'Not enough points.'],
      [m.client, soldOut, 409, 'This item is out of stock.'],
      [m.client, hidden, 409, 'This item is not available right now.'],
      [m.client, 999999, 404, 'Item not found.'],
      [anonymous, pricey, 401, 'You must be logged in.'],
    ] as const;
    for (const [client, id, status, message] of cases) {
      const res = await client.json('POST', `/api/r/store/${id}/redeem`);
      expect({ id, status: res.status, body: res.body }).toEqual({
        id,
        status,
        body: { success: false, message, ...(status === 422 ? { errors: expect.any(Object) } : {}) },
      });
    }
    expect((await m.client.json('POST', `/api/r/store/${once}/redeem`)).status).toBe(200);
    const again = await m.client.json('POST', `/api/r/store/${once}/redeem`);
    expect(again).toEqual({ status: 409, body: { success: false, message: 'You have reached the purchase limit for this item.' } });
    expect(await economy.balanceOf(m.id)).toBe(290);
    expect(await stack.em.fork().execute('select 1 from store_redemptions where user_id = ?', [m.id])).toHaveLength(1);
    await assertLedgerExplainsBalance([m.id]);
  });

  it('GET /api/r/store filters, sorts and personalises (SPEC §3, §9)', async () => {
    const m = await stack.member({ points: 5000 });
    const a = await item({ cost: 900, name: 'Zeta Mug', max: 2, category: 'sorting' });
    const b = await item({ cost: 1000, name: 'Alpha Cap', category: 'sorting' });
    const c = await item({ cost: 12000, name: 'Gamma Chair', category: 'sorting' });
    await m.client.json('POST', `/api/r/store/${b}/redeem`);
    await m.client.json('POST', `/api/r/store/${a}/redeem`);
    await m.client.json('POST', `/api/r/store/${b}/redeem`);

    const page = await m.client.json('GET', '/api/r/store?category=sorting&sort=popular');
    expect(page.status).toBe(200);
    expect(page.body.success).toBe(true);
    const { data } = page.body;
    expect(data.user_points).toBe(5000 - 900 - 2000);
    expect(data.store_items[0].id).toBe(b);
    const mug = data.store_items.find((i: { id: number }) => i.id === a);
    expect(mug).toEqual({
      id: a,
      name: 'Zeta Mug',
      description: '',
      image: null,
      cost: 900,
      quantity: null,
      max_purchases_per_user: 2,
      user_purchases: 1,
      category: 'sorting',
      fulfilment: 'manual',
      is_casino_bonus: false,
    });
    expect(data.recent_redemptions).toHaveLength(3);
    expect(data.recent_redemptions[0]).toEqual({
      id: expect.any(Number),
      item: { id: b, name: 'Alpha Cap', image: null, cost: 1000 },
      created_at: expect.any(String),
      is_processed: false,
      status: 'pending',
      code: null,
    });
    expect(data.community_purchases[0]).toMatchObject({ item: { name: 'Alpha Cap' }, user: { username: expect.any(String) } });
    expect(data.community_purchases[0]).not.toHaveProperty('code');

    const cheap = await m.client.json('GET', '/api/r/store?category=sorting&price_range=0-1000');
    expect(cheap.body.data.store_items.map((i: { id: number }) => i.id)).toEqual([a]);
    const big = await m.client.json('GET', '/api/r/store?category=sorting&price_range=10000%2B&sort=price_desc');
    expect(big.body.data.store_items.map((i: { id: number }) => i.id)).toEqual([c]);
    const search = await m.client.json('GET', '/api/r/store?search=gamma');
    expect(search.body.data.store_items.map((i: { id: number }) => i.id)).toEqual([c]);
    const desc = await m.client.json('GET', '/api/r/store?category=sorting&sort=price_desc');
    const costs = desc.body.data.store_items.map((i: { cost: number }) => i.cost);
    expect(costs).toEqual([...costs].sort((x: number, y: number) => y - x));

    const anon = await stack.api.client().json('GET', '/api/r/store');
    expect(anon.body.data).toMatchObject({ user_points: 0, recent_redemptions: [] });
    const invalid = await stack.api.client().json('GET', '/api/r/store?sort=cheapest&price_range=1-2');
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors).sort()).toEqual(['price_range', 'sort']);
  });
});
