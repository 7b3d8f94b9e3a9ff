import { integrationStack } from '@kickback/testing';

describe('store edge cases answer 4xx, never 500', () => {
  const stack = integrationStack();

  it('odd ids, queries and bodies', async () => {
    const member = await stack.api.signedIn();
    const admin = await stack.api.signedIn({ role: 'Admin' });
    const cases: [typeof member, string, string, unknown, number][] = [
      [member, 'POST', '/api/r/store/99999999999/redeem', {}, 404],
      [member, 'POST', '/api/r/store/abc/redeem', {}, 404],
      [member, 'POST', '/api/r/store/-1/redeem', {}, 404],
      [member, 'GET', '/api/r/store?search=%25%5F%5C&category=ALL', undefined, 200],
      [member, 'GET', `/api/r/store?search=${'x'.repeat(101)}`, undefined, 422],
      [admin, 'PUT', '/api/admin/store-items/99999999999', { cost: 5 }, 404],
      [admin, 'POST', '/api/admin/store-items', { name: 'X', cost: 10, category: 'a', quantity: -1 }, 422],
      [admin, 'POST', '/api/admin/store-items', { name: 'X', cost: 10, category: 'a', extra: 1 }, 422],
      [admin, 'POST', '/api/admin/store-items/99999999999/codes', { codes: 'A' }, 404],
      [admin, 'DELETE', '/api/admin/store-items/1/codes/99999999999', undefined, 404],
      [admin, 'POST', '/api/admin/store-redemptions/99999999999/process', {}, 404],
      [admin, 'POST', '/api/admin/store-redemptions/99999999999/refund', {}, 404],
      [admin, 'GET', '/api/admin/store-redemptions?status=weird', undefined, 422],
    ];
    const results = [];
    for (const [client, method, path, body, _expected] of cases) {
      const res = await client.json(method, path, body);
      results.push([method, path, res.status, res.body?.success]);
    }
    expect(results).toEqual(cases.map(([, method, path, , status]) => [method, path, status, status === 200]));
  });

  it('an admin edit that lowers stock is pushed to open store pages and audited; a created item is listed', async () => {
    const admin = await stack.api.signedIn({ role: 'Admin' });
    const created = await admin.json('POST', '/api/admin/store-items', {
      name: 'Edge Cap',
      cost: 250,
      quantity: 3,
      category: 'Merch',
      value_usd: '12.50',
    });
    expect(created.body).toMatchObject({
      success: true,
      data: { name: 'Edge Cap', category: 'merch', quantity: 3, value_usd: '12.50', codes_available: 0 },
    });
    const id = created.body.data.id;
    const updated = await admin.json('PUT', `/api/admin/store-items/${id}`, { quantity: 1, is_active: false });
    expect(updated.body.data).toMatchObject({ quantity: 1, is_active: false });
    const hidden = await stack.api.client().json('GET', '/api/r/store');
    expect(hidden.body.data.store_items.some((i: { id: number }) => i.id === id)).toBe(false);
    const events = await stack.em
      .fork()
      .execute(`select 1 from outbox_events where type = 'store.item-changed' and (payload->>'itemId')::int = ?`, [id]);
    expect(events).toHaveLength(1);
    const audit = await stack.em
      .fork()
      .execute<{ action: string }[]>(`select action from audit_logs where entity = 'store_item' and entity_id = ? order by id`, [
        String(id),
      ]);
    expect(audit.map((a) => a.action)).toEqual(['store.item.create', 'store.item.update']);
    const removed = await admin.json('DELETE', `/api/admin/store-items/${id}`);
    expect(removed.status).toBe(200);
    expect(await stack.em.fork().execute('select 1 from store_items where id = ?', [id])).toHaveLength(0);
  });
});
