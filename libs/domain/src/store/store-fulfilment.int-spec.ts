import type { INestApplicationContext } from '@nestjs/common';
import type { ServerToClientEvents } from '@kickback/contracts';
import { integrationStack, waitFor, type TestClient, joinRoom } from '@kickback/testing';
import { EconomyService } from '../economy/economy.service';
import { RedemptionFulfilmentService } from './redemption-fulfilment.service';

describe('redemption fulfilment by the worker (real PostgreSQL, Redis, BullMQ)', () => {
  let economy: EconomyService;

  // Every request comes from 127.0.0.1; the per-address limit is not under test here.
  const stack = integrationStack({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } });

  beforeAll(async () => {
    economy = stack.api.app.get(EconomyService);
  });
  /** The healthy worker the tests share; the crash test replaces its first one. */
  let running: INestApplicationContext | null = null;
  const worker = async () => (running ??= await stack.processes.worker());

  /** A socket with the client's session, recording every push it receives. */
  async function listen(client: TestClient | null, room?: string) {
    const socket = await stack.socket(client);
    const got: { event: keyof ServerToClientEvents; payload: any }[] = [];
    socket.onAny((event: keyof ServerToClientEvents, payload: unknown) => got.push({ event, payload }));
    if (room) await joinRoom(socket, room);
    return got;
  }

  async function codeItem(codes: string[], value = '10.00') {
    const [{ id }] = await stack.em
      .fork()
      .execute<{ id: number }[]>(
        `insert into store_items (name, cost, quantity, fulfilment, value_usd, category) values ('Gift card', 100, 50, 'code', ?::numeric, 'cards') returning id`,
        [value],
      );
    await stack.em
      .fork()
      .execute('insert into store_codes (item_id, code) select ?, jsonb_array_elements_text(?::jsonb)', [id, JSON.stringify(codes)]);
    return id;
  }

  const redemption = async (id: number) =>
    (
      await stack.em
        .fork()
        .execute<{ status: string; codes: number }[]>(
          `select r.status, (select count(*)::int from store_codes c where c.redemption_id = r.id) as codes from store_redemptions r where r.id = ?`,
          [id],
        )
    )[0];

  it('a worker that dies between claiming a code and committing: the next worker processes it once, with one code', async () => {
    const itemId = await codeItem(['CODE-A', 'CODE-B', 'CODE-C']);
    const m = await stack.member({ points: 1000 });
    const first = await stack.processes.worker();
    let crashed = 0;
    first.get(RedemptionFulfilmentService).hooks.afterClaim = async () => {
      crashed += 1;
      // The process goes away mid-transaction: nothing it did may survive.
      throw new Error('simulated crash between claim and commit');
    };
    const res = await m.client.json('POST', `/api/r/store/${itemId}/redeem`);
    expect(res.status).toBe(200);
    const redemptionId: number = res.body.data.redemption.id;
    await waitFor(() => crashed > 0, 10_000, 'the first worker to take the job');
    await first.close();
    expect(await redemption(redemptionId)).toEqual({ status: 'pending', codes: 0 });

    const second: INestApplicationContext = await worker();
    expect(second.get(RedemptionFulfilmentService).hooks.afterClaim).toBeUndefined();
    await waitFor(async () => (await redemption(redemptionId)).status === 'processed', 15_000, 'the second worker to process it');
    expect(await redemption(redemptionId)).toEqual({ status: 'processed', codes: 1 });
    const free = await stack.em.fork().execute('select 1 from store_codes where item_id = ? and redemption_id is null', [itemId]);
    expect(free).toHaveLength(2);
    const payouts = await stack.em
      .fork()
      .execute<{ value_usd: string; status: string }[]>(
        `select value_usd::text as value_usd, status from payouts where source = 'store' and source_id = ?`,
        [redemptionId],
      );
    expect(payouts).toEqual([{ value_usd: '10.00', status: 'paid' }]);

    const page = await m.client.json('GET', '/api/r/store');
    expect(page.body.data.recent_redemptions[0]).toMatchObject({
      id: redemptionId,
      is_processed: true,
      status: 'processed',
      code: expect.stringMatching(/^CODE-[ABC]$/),
    });
    // Nobody else ever sees the code.
    expect(JSON.stringify((await stack.api.client().json('GET', '/api/r/store')).body)).not.toContain('CODE-');
  });

  it('parallel redemptions of a code item each get a different code; without codes they wait for an admin', async () => {
    await worker();
    const itemId = await codeItem(['ONE', 'TWO', 'THREE']);
    const members = [];
    for (let i = 0; i < 5; i++) members.push(await stack.member({ points: 500 }));
    const answers = await Promise.all(members.map((m) => m.client.json('POST', `/api/r/store/${itemId}/redeem`)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const ids: number[] = answers.map((a) => a.body.data.redemption.id);
    await waitFor(
      async () => {
        const rows = await stack.em
          .fork()
          .execute<{ status: string }[]>(`select status from store_redemptions where item_id = ? and status = 'processed'`, [itemId]);
        return rows.length === 3;
      },
      15_000,
      'three codes delivered',
    );
    const statuses = await Promise.all(ids.map(redemption));
    expect(statuses.filter((s) => s.status === 'processed' && s.codes === 1)).toHaveLength(3);
    expect(statuses.filter((s) => s.status === 'pending' && s.codes === 0)).toHaveLength(2);
    const assigned = await stack.em
      .fork()
      .execute<{ n: number }[]>(
        'select count(distinct redemption_id)::int as n from store_codes where item_id = ? and redemption_id is not null',
        [itemId],
      );
    expect(assigned[0].n).toBe(3);

    // New codes go to the members who were waiting, oldest first; duplicates are skipped.
    const admin = await stack.api.signedIn({ role: 'Admin' });
    const upload = await admin.json('POST', `/api/admin/store-items/${itemId}/codes`, { codes: 'ONE\nFOUR, FIVE\n"SIX"\n\n' });
    expect(upload.body).toEqual({
      success: true,
      message: 'Added 3 codes, skipped 1 duplicate, delivered 2 waiting redemptions.',
      data: { added: 3, skipped: 1, fulfilled: 2, codes_available: 1 },
    });
    const after = await Promise.all(ids.map(redemption));
    expect(after.every((s) => s.status === 'processed' && s.codes === 1)).toBe(true);
    // Pasted order is delivery order: FOUR and FIVE went out, SIX is left.
    expect(await stack.em.fork().execute('select code from store_codes where item_id = ? and redemption_id is null', [itemId])).toEqual([
      { code: 'SIX' },
    ]);
    const empty = await admin.json('POST', `/api/admin/store-items/${itemId}/codes`, { codes: ' \n ' });
    expect(empty.status).toBe(422);
  });

  it('admins process or refund a pending redemption exactly once, in parallel too', async () => {
    const [{ id: itemId }] = await stack.em
      .fork()
      .execute<{ id: number }[]>(
        `insert into store_items (name, cost, quantity, max_purchases_per_user, fulfilment, value_usd, category) values ('Shout-out', 300, 4, 1, 'manual', '25.00', 'perks') returning id`,
      );
    const admin = await stack.api.signedIn({ role: 'Admin' });
    const buyerA = await stack.member({ points: 1000 });
    const buyerB = await stack.member({ points: 1000 });
    const a = (await buyerA.client.json('POST', `/api/r/store/${itemId}/redeem`)).body.data.redemption.id as number;
    const b = (await buyerB.client.json('POST', `/api/r/store/${itemId}/redeem`)).body.data.redemption.id as number;

    const processes = await Promise.all([1, 2, 3].map(() => admin.json('POST', `/api/admin/store-redemptions/${a}/process`)));
    expect(processes.map((p) => p.status).sort()).toEqual([200, 409, 409]);
    const refunds = await Promise.all([1, 2, 3].map(() => admin.json('POST', `/api/admin/store-redemptions/${b}/refund`)));
    expect(refunds.map((p) => p.status).sort()).toEqual([200, 409, 409]);
    expect(refunds.find((r) => r.status === 409)!.body.message).toBe('This redemption was already refunded.');
    const late = await admin.json('POST', `/api/admin/store-redemptions/${b}/process`);
    expect(late.body).toEqual({ success: false, message: 'This redemption was already refunded.' });
    expect(await economy.balanceOf(buyerB.id)).toBe(1000);
    expect(await economy.balanceOf(buyerA.id)).toBe(700);
    const [stock] = await stack.em.fork().execute<{ quantity: number }[]>('select quantity from store_items where id = ?', [itemId]);
    expect(stock.quantity).toBe(3);
    // The refund gives the member's one allowed purchase back.
    const again = await buyerB.client.json('POST', `/api/r/store/${itemId}/redeem`);
    expect({ status: again.status, body: again.body.message }).toEqual({ status: 200, body: 'Item redeemed successfully!' });
    expect(
      await stack.em.fork().execute(`select 1 from payouts where source = 'store' and source_id = ? and status = 'paid'`, [a]),
    ).toHaveLength(1);
    expect(await stack.em.fork().execute(`select 1 from payouts where source = 'store' and source_id = ?`, [b])).toHaveLength(0);
    const audits = await stack.em
      .fork()
      .execute<{ action: string }[]>(`select action from audit_logs where entity = 'store_redemption' order by id`);
    expect(audits.map((x) => x.action)).toEqual(['store.redemption.process', 'store.redemption.refund']);

    const queue = await admin.json('GET', '/api/admin/store-redemptions');
    expect(queue.body.data[0]).toMatchObject({ status: 'pending' });
    const [{ n }] = await stack.em
      .fork()
      .execute<{ n: number }[]>(`select count(*)::int as n from store_redemptions where status = 'pending'`);
    expect(queue.body.pending_total).toBe(n);
  });

  it('pushes live: the store room sees the purchase and stock, the member their code, admins the queue', async () => {
    await worker();
    const itemId = await codeItem(['LIVE-CODE-1']);
    const buyer = await stack.member({ points: 1000 });
    const adminClient = await stack.api.signedIn({ role: 'Admin' });
    const keys = await stack.redis.keys('{*:default}:*');
    if (keys.length) await stack.redis.del(...keys);
    const store = await listen(null, 'store');
    const alerts = await listen(null, 'alerts');
    const own = await listen(buyer.client);
    const admins = await listen(adminClient);

    const res = await buyer.client.json('POST', `/api/r/store/${itemId}/redeem`);
    expect(res.status).toBe(200);
    const id: number = res.body.data.redemption.id;

    await waitFor(() => store.find((p) => p.event === 'store:purchase'), 15_000, 'store:purchase');
    expect(store.find((p) => p.event === 'store:purchase')!.payload).toMatchObject({
      purchase: { id, item: { id: itemId }, user: { username: expect.any(String) } },
      item: { id: itemId, quantity: 49 },
    });
    expect(JSON.stringify(store)).not.toContain('LIVE-CODE-1');
    await waitFor(() => own.find((p) => p.event === 'store:redemption-updated'), 15_000, 'store:redemption-updated');
    expect(own.find((p) => p.event === 'store:redemption-updated')!.payload).toMatchObject({
      id,
      status: 'processed',
      is_processed: true,
      code: 'LIVE-CODE-1',
    });
    await waitFor(
      () => own.find((p) => p.event === 'user:notification' && String(p.payload.message).includes('LIVE-CODE-1')),
      15_000,
      'code notification',
    );
    await waitFor(() => own.find((p) => p.event === 'user:points' && p.payload.balance === 900), 15_000, 'user:points');
    await waitFor(() => admins.find((p) => p.event === 'store:admin-redemption' && p.payload.id === id), 15_000, 'admin queue push');
    // The stream's alerts overlay hears of the redemption, by public name and item only.
    await waitFor(() => alerts.find((p) => p.event === 'alerts:item'), 15_000, 'alerts:item');
    expect(alerts.filter((p) => p.event === 'alerts:item').map((p) => p.payload)).toEqual([
      { kind: 'redemption', username: expect.any(String), text: 'redeemed Gift card', at: expect.any(String) },
    ]);
    expect(JSON.stringify(alerts)).not.toContain('LIVE-CODE-1');
  });
});
