import { createTestStack, createUser, type TestStack, type RunningApi } from '@kickback/testing';

describe('request validation answers in the SPEC envelope', () => {
  let stack: TestStack;
  let api: RunningApi;
  let adminId: number;

  beforeAll(async () => {
    stack = await createTestStack();
    api = await stack.api();
    adminId = (await createUser(stack.em(api.app), { role: 'Admin' })).id;
  });
  afterAll(() => stack.close());

  it('unknown fields and wrong types → 422 with errors per field, nothing changed', async () => {
    const admin = api.client();
    await admin.loginAs(adminId);
    const before = await admin.json('GET', '/api/admin/settings');
    const res = await admin.json('PUT', '/api/admin/settings', { site_nam: 'typo', site_name: 42, theme: { primary_color: 'red' } });
    expect(res.status).toBe(422);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toEqual(expect.any(String));
    expect(res.body.errors.site_nam).toEqual(['Unknown field.']);
    expect(res.body.errors.site_name[0]).toMatch(/string/i);
    expect(Object.keys(res.body.errors).some((k) => k.startsWith('theme'))).toBe(true);
    const after = await admin.json('GET', '/api/admin/settings');
    expect(after.body.data).toEqual(before.body.data);
  });

  it('malformed JSON → 400 envelope, not 500', async () => {
    const admin = api.client();
    await admin.loginAs(adminId);
    const res = await admin.request('PUT', '/api/admin/settings', { headers: { 'content-type': 'application/json' }, body: undefined });
    expect(res.status).toBeLessThan(500);
    const raw = await fetch(`${api.url}/api/admin/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: admin.cookieHeader, 'x-csrf-token': admin.csrfToken! },
      body: '{"site_name": ',
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({ success: false, message: 'The request body is not valid JSON.' });
  });

  it('unknown API route → 404 envelope', async () => {
    const res = await api.client().json('GET', '/api/r/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body.success).toBe(false);
  });
});
