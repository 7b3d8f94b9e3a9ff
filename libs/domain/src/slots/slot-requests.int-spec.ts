import { integrationStack, createUser, walletBalance } from '@kickback/testing';
import { EconomyService } from '../economy/economy.service';
import { SlotRequestsService } from './slot-requests.service';

describe('slot requests: merging, charging, limits and refunds under parallel requests (real PostgreSQL)', () => {
  let requests: SlotRequestsService;
  let economy: EconomyService;

  const stack = integrationStack({ admin: true });

  beforeAll(() => {
    requests = stack.api.app.get(SlotRequestsService);
    economy = stack.api.app.get(EconomyService);
  });

  const tag = Math.random().toString(36).slice(2, 7);
  const slot = async (name: string) =>
    (await stack.admin.json('POST', '/api/admin/slots', { name: `${name} ${tag}`, provider_name: `Req Prov ${tag}` })).body.data
      .id as number;
  const grant = (userId: number, amount: number) =>
    stack.em
      .fork()
      .transactional((tx) => economy.credit(tx, { userId, amount, reason: 'test.grant', idempotencyKey: `grant-${tag}-${userId}` }));
  const settings = async (body: object) =>
    expect((await stack.admin.json('PUT', '/api/admin/slot-requests/settings', body)).status).toBe(200);
  const rows = <T>(sql: string, params: unknown[] = []) => stack.em.fork().execute<T[]>(sql, params);

  it('200 members × 3 parallel requests (site and chat): one queue entry per slot, one charge per requester, limits kept, refunds exactly once', async () => {
    const slots = await Promise.all(['A', 'B', 'C', 'D'].map(slot));
    await settings({ open: true, price: 10, cooldown_seconds: 0, open_limit: 2, blocked_slot_ids: [], blocked_provider_ids: [] });
    const members = await Promise.all(Array.from({ length: 200 }, () => createUser(stack.em)));
    // Every fifth member can pay for one request only.
    await Promise.all(members.map((m, i) => grant(m.id, i % 5 === 0 ? 15 : 100)));
    const clients = await Promise.all(
      members.slice(0, 40).map(async (m) => {
        const client = stack.api.client();
        await client.loginAs(m.id);
        return client;
      }),
    );

    const attempts = members.flatMap((m, i) =>
      [slots[i % 4]!, slots[(i + 1) % 4]!, slots[(i + 1) % 4]!].map(async (slotId) => {
        if (i < 40) return (await clients[i]!.json('POST', '/api/r/slot-requests', { slot_id: slotId })).status;
        try {
          await requests.request(m.id, slotId, 'chat');
          return 201;
        } catch (err) {
          return (err as { getStatus?: () => number }).getStatus?.() ?? 500;
        }
      }),
    );
    const statuses = await Promise.all(attempts);
    expect(statuses.filter((s) => ![201, 409, 422, 429].includes(s))).toEqual([]);

    const ids = members.map((m) => m.id);
    const perMember = await rows<{ user_id: number; n: number; paid: number; balance: number; debits: number }>(
      `select u.id as user_id, (select count(*)::int from slot_request_requesters q where q.user_id = u.id) as n,
         (select coalesce(sum(points), 0)::int from slot_request_requesters q where q.user_id = u.id) as paid,
         (select balance::int from wallets b where b.user_id = u.id) as balance,
         (select coalesce(-sum(delta), 0)::int from points_ledger l where l.user_id = u.id and l.reason = 'slot.request') as debits
       from users u where u.id in (select jsonb_array_elements_text(?::jsonb)::int)`,
      [JSON.stringify(ids)],
    );
    expect(perMember).toHaveLength(200);
    for (const [i, m] of members.entries()) {
      const row = perMember.find((r) => r.user_id === m.id)!;
      // The third attempt names the second slot again: at most two distinct slots, never over the open limit.
      expect(row.n).toBe(i % 5 === 0 ? 1 : 2);
      expect(row.debits).toBe(row.paid);
      expect(row.balance).toBe((i % 5 === 0 ? 15 : 100) - row.paid);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(perMember.reduce((n, r) => n + r.n, 0));

    const queue = await rows<{ slot_id: number; requesters_count: number; listed: number }>(
      `select r.slot_id, r.requesters_count, (select count(*)::int from slot_request_requesters q where q.request_id = r.id) as listed
       from slot_requests r where r.status = 'queued' and r.slot_id in (select jsonb_array_elements_text(?::jsonb)::int) order by r.slot_id`,
      [JSON.stringify(slots)],
    );
    expect(queue.map((q) => q.slot_id)).toEqual([...slots].sort((a, b) => a - b));
    for (const q of queue) expect(q.requesters_count).toBe(q.listed);
    const listed = await stack.api.client().json('GET', '/api/r/slot-requests');
    expect(listed.body.data.queue.map((e: { requesters_count: number }) => e.requesters_count)).toEqual(
      queue.map((q) => q.requesters_count).sort((a, b) => b - a),
    );

    // What clearing gives back is said before; two clears at once refund each requester exactly once.
    const before = await stack.admin.json('GET', '/api/admin/slot-requests');
    const owed = perMember.reduce((n, r) => n + r.paid, 0);
    expect(before.body.data.refund).toEqual({ requests: 4, points: owed });
    const cleared = await Promise.all([
      stack.admin.json('POST', '/api/admin/slot-requests/clear'),
      stack.admin.json('POST', '/api/admin/slot-requests/clear'),
    ]);
    expect(cleared.map((c) => c.body.data.refunded).sort((a, b) => a - b)).toEqual([0, owed]);
    const refunds = await rows<{ n: number; points: number; keys: number }>(
      `select count(*)::int as n, coalesce(sum(delta), 0)::int as points, count(distinct idempotency_key)::int as keys
       from points_ledger where reason = 'slot.request.refund' and user_id in (select jsonb_array_elements_text(?::jsonb)::int)`,
      [JSON.stringify(ids)],
    );
    expect(refunds).toEqual([{ n: perMember.reduce((n, r) => n + r.n, 0), points: owed, keys: perMember.reduce((n, r) => n + r.n, 0) }]);
    const balances = await rows<{ balance: number }>(
      'select balance::int as balance from wallets where user_id in (select jsonb_array_elements_text(?::jsonb)::int)',
      [JSON.stringify(ids)],
    );
    expect(balances.reduce((n, b) => n + b.balance, 0)).toBe(40 * 15 + 160 * 100);
  }, 180_000);

  it('closed queue, blocklists and cooldown are refused in the envelope; a skip refunds its requesters once', async () => {
    const [open, blocked] = await Promise.all([slot('Open'), slot('Blocked')]);
    const member = await createUser(stack.em);
    await grant(member.id, 50);
    const client = stack.api.client();
    await client.loginAs(member.id);
    const ask = (slotId: number) => client.json('POST', '/api/r/slot-requests', { slot_id: slotId });

    await settings({ open: false });
    expect((await ask(open)).body).toEqual({ success: false, message: 'Slot requests are closed right now.' });
    await settings({ open: true, price: 20, cooldown_seconds: 600, open_limit: 3, blocked_slot_ids: [blocked] });
    expect((await ask(blocked)).status).toBe(422);
    const first = await ask(open);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ merged: false, points_spent: 20, request: { place: 1, requesters_count: 1 } });
    const again = await ask(open);
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/^Wait \d+ s before your next request\.$/);
    expect((await client.json('GET', '/api/r/slot-requests/mine')).body.data[0]).toMatchObject({ status: 'queued', place: 1, points: 20 });

    const requestId = first.body.data.request.id as number;
    const skips = await Promise.all([
      stack.admin.json('POST', `/api/admin/slot-requests/${requestId}/skip`),
      stack.admin.json('POST', `/api/admin/slot-requests/${requestId}/skip`),
    ]);
    expect(skips.map((s) => s.status).sort()).toEqual([200, 404]);
    expect(await walletBalance(stack.em, member.id)).toBe(50);
    expect((await client.json('GET', '/api/r/slot-requests/mine')).body.data[0]).toMatchObject({
      status: 'skipped',
      place: null,
      refunded: true,
    });
  });
});
