import { integrationStack } from '@kickback/testing';

/**
 * Working the slot-request queue on Go live (docs/slots.md): Played, Skip and Clear queue sent at once for the same
 * requests close each request once, and each requester of a skipped or cleared request is refunded exactly once.
 */
describe('slot requests: Played, Skip and Clear racing each other (real PostgreSQL + Redis)', () => {
  const stack = integrationStack({ admin: true });

  const slot = async (name: string) =>
    (await stack.admin.json('POST', '/api/admin/slots', { name, provider_name: 'Closing Prov' })).body.data.id as number;
  const rows = <T>(sql: string, params: unknown[] = []) => stack.em.fork().execute<T[]>(sql, params);

  it('each request is closed by one of them; refunds are paid once per requester of a skipped or cleared request', async () => {
    const PRICE = 25;
    const START = 100;
    const settings = await stack.admin.json('PUT', '/api/admin/slot-requests/settings', {
      open: true,
      price: PRICE,
      cooldown_seconds: 0,
      open_limit: 10,
    });
    expect(settings.status).toBe(200);
    const slots = await Promise.all(Array.from({ length: 6 }, (_, i) => slot(`Race Slot ${i}`)));
    const members = await Promise.all(Array.from({ length: 8 }, () => stack.member({ points: START })));
    // Every member asks for three slots: each request has several requesters who paid.
    for (const [i, m] of members.entries())
      for (const s of [slots[i % 6]!, slots[(i + 1) % 6]!, slots[(i + 3) % 6]!])
        expect((await m.client.json('POST', '/api/r/slot-requests', { slot_id: s })).status).toBe(201);
    const queued = await rows<{ id: number }>(`select id from slot_requests where status = 'queued' order by id`);
    expect(queued).toHaveLength(6);
    const owedBefore = (await stack.admin.json('GET', '/api/admin/slot-requests')).body.data.refund;
    expect(owedBefore).toEqual({ requests: 6, points: members.length * 3 * PRICE });

    // Played and Skip for every request, and two clears, all at once.
    const answers = await Promise.all([
      ...queued.flatMap(({ id }) => [
        stack.admin.json('POST', `/api/admin/slot-requests/${id}/played`, { bet: 2, win: 30 }),
        stack.admin.json('POST', `/api/admin/slot-requests/${id}/skip`),
      ]),
      stack.admin.json('POST', '/api/admin/slot-requests/clear'),
      stack.admin.json('POST', '/api/admin/slot-requests/clear'),
    ]);
    expect(answers.map((a) => a.status).filter((s) => s !== 200 && s !== 404)).toEqual([]);

    const closed = await rows<{ id: number; status: string; requesters: number; refunded: number }>(
      `select r.id, r.status, count(q.*)::int as requesters, count(q.refunded_at)::int as refunded
       from slot_requests r join slot_request_requesters q on q.request_id = r.id group by r.id order by r.id`,
    );
    expect(closed).toHaveLength(6);
    for (const c of closed) {
      expect(['played', 'skipped', 'cleared']).toContain(c.status);
      // A played request keeps what was paid; any other gives every requester their points back.
      expect(c.refunded).toBe(c.status === 'played' ? 0 : c.requesters);
    }
    // Each request answered one closing 200: a played, a skip, or its place in a clear's count.
    const closings = answers.slice(0, -2).filter((a) => a.status === 200).length;
    const clearedCount = answers.slice(-2).reduce((n, a) => n + (a.body.data.requests as number), 0);
    expect(closings + clearedCount).toBe(6);

    const ids = JSON.stringify(members.map((m) => m.id));
    const refunds = await rows<{ n: number; keys: number; points: number }>(
      `select count(*)::int as n, count(distinct idempotency_key)::int as keys, coalesce(sum(delta), 0)::int as points
       from points_ledger where reason = 'slot.request.refund' and user_id in (select jsonb_array_elements_text(?::jsonb)::int)`,
      [ids],
    );
    const refundedRequesters = closed.reduce((n, c) => n + c.refunded, 0);
    expect(refunds).toEqual([{ n: refundedRequesters, keys: refundedRequesters, points: refundedRequesters * PRICE }]);
    // What the answers said went back is what the ledger paid.
    const answered = answers.reduce((n, a) => n + (a.status === 200 ? ((a.body.data?.refunded as number | undefined) ?? 0) : 0), 0);
    expect(answered).toBe(refundedRequesters * PRICE);
    const [balances] = await rows<{ total: number }>(
      `select sum(balance)::int as total from wallets where user_id in (select jsonb_array_elements_text(?::jsonb)::int)`,
      [ids],
    );
    expect(balances!.total).toBe(members.length * START - (members.length * 3 - refundedRequesters) * PRICE);
    expect((await stack.admin.json('GET', '/api/admin/slot-requests')).body.data).toMatchObject({
      queue: [],
      refund: { requests: 0, points: 0 },
    });
  }, 60_000);
});
