import { integrationStack, walletBalance } from '@kickback/testing';

describe('slot request rules as the admin form reads and writes them (real PostgreSQL)', () => {
  const stack = integrationStack({ admin: true });

  const tag = Math.random().toString(36).slice(2, 7);
  const slot = async (name: string, provider: string) =>
    (await stack.admin.json('POST', '/api/admin/slots', { name: `${name} ${tag}`, provider_name: `${provider} ${tag}` })).body.data as {
      id: number;
      provider: { id: number; name: string };
    };
  const save = (body: object) => stack.admin.json('PUT', '/api/admin/slot-requests/settings', body);

  it('names the blocked slots and providers, and keeps the rules a form saved', async () => {
    const zeus = await slot('Zeus Rules', 'Rules Prov A');
    const apollo = await slot('Apollo Rules', 'Rules Prov B');
    const form = {
      open: false,
      price: 40,
      cooldown_seconds: 90,
      open_limit: 2,
      blocked_slot_ids: [zeus.id, apollo.id],
      blocked_provider_ids: [apollo.provider.id],
    };
    expect((await save(form)).status).toBe(200);

    const rules = await stack.admin.json('GET', '/api/admin/slot-requests/settings');
    expect(rules.status).toBe(200);
    expect(rules.body.data).toEqual({
      ...form,
      // Name order, whatever order the ids were saved in.
      blocked_slots: [
        { id: apollo.id, name: `Apollo Rules ${tag}`, provider: `Rules Prov B ${tag}` },
        { id: zeus.id, name: `Zeus Rules ${tag}`, provider: `Rules Prov A ${tag}` },
      ],
      blocked_providers: [{ id: apollo.provider.id, name: `Rules Prov B ${tag}` }],
    });
  });

  it('allows a price of 0: a request then charges nothing and writes no ledger row', async () => {
    const free = await slot('Free Rules', 'Rules Prov C');
    expect(
      (await save({ open: true, price: 0, cooldown_seconds: 0, open_limit: 5, blocked_slot_ids: [], blocked_provider_ids: [] })).status,
    ).toBe(200);
    const member = await stack.member({ points: 7 });
    const { client } = member;

    const asked = await client.json('POST', '/api/r/slot-requests', { slot_id: free.id });
    expect(asked.status).toBe(201);
    expect(asked.body.data).toMatchObject({ points_spent: 0, request: { place: expect.any(Number) } });
    expect(await walletBalance(stack.em, member.id)).toBe(7);
    const ledger = await stack.em
      .fork()
      .execute<{ n: number }[]>("select count(*)::int as n from points_ledger where user_id = ? and reason = 'slot.request'", [member.id]);
    expect(ledger[0]!.n).toBe(0);
    expect((await client.json('GET', '/api/r/slot-requests/mine')).body.data[0]).toMatchObject({ points: 0, status: 'queued' });
  });

  it('refuses a member on a break from gambling content, in words that do not say why, and charges nothing', async () => {
    const asked = await slot('Break Rules', 'Rules Prov D');
    expect(
      (await save({ open: true, price: 10, cooldown_seconds: 0, open_limit: 5, blocked_slot_ids: [], blocked_provider_ids: [] })).status,
    ).toBe(200);
    const member = await stack.member({ points: 50 });
    expect((await member.client.json('POST', '/api/r/safety/break', { period: '24h', confirm: true })).status).toBe(201);

    const refused = await member.client.json('POST', '/api/r/slot-requests', { slot_id: asked.id });
    expect(refused).toMatchObject({ status: 403, body: { success: false, message: 'Slot requests are not available to your account.' } });
    expect((await member.client.json('GET', '/api/r/slot-requests/mine')).body.data).toEqual([]);
    const [wallet] = await stack.em
      .fork()
      .execute<{ balance: number }[]>('select balance::int as balance from wallets where user_id = ?', [member.id]);
    expect(wallet!.balance).toBe(50);
  });

  it('refuses rules out of bounds field by field (4xx, never 500), and changes nothing', async () => {
    const before = (await stack.admin.json('GET', '/api/admin/slot-requests/settings')).body.data;
    const refused = await save({ price: -1, cooldown_seconds: 1.5, open_limit: 0 });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors).sort()).toEqual(['cooldown_seconds', 'open_limit', 'price']);
    expect((await stack.admin.json('GET', '/api/admin/slot-requests/settings')).body.data).toEqual(before);
  });
});
