import { integrationStack, createUser } from '@kickback/testing';

describe('request validation answers in the SPEC envelope', () => {
  let adminId: number;

  const stack = integrationStack();

  beforeAll(async () => {
    adminId = (await createUser(stack.em, { role: 'Admin' })).id;
  });

  it('unknown fields and wrong types → 422 with errors per field, nothing changed', async () => {
    const admin = stack.api.client();
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

  it('NUL bytes and lone surrogates anywhere in a query, body or path → 422 naming the field, nothing written', async () => {
    const member = stack.api.client();
    const { id } = await createUser(stack.em);
    await member.loginAs(id);
    const bio = async () => (await stack.em.execute<{ bio: string | null }[]>('select bio from users where id = ?', [id]))[0]!.bio;
    for (const path of ['/api/r/store?search=%00', '/api/r/store?category=%00', '/api/r/bonus-hunts/1/predictions/search?username=%00']) {
      const res = await member.json('GET', path);
      expect([path, res.status, res.body.success]).toEqual([path, 422, false]);
      expect(Object.values(res.body.errors as Record<string, string[]>).flat()).toContain('Contains characters that are not allowed.');
    }
    expect((await member.json('GET', '/api/r/store?search=%00')).body.errors).toEqual({
      search: ['Contains characters that are not allowed.'],
    });
    const before = await bio();
    for (const bio of ['nul\u0000byte', 'lone \ud800 surrogate', 'reversed \udc00\ud800']) {
      const res = await member.json('POST', '/api/r/profile/update', { bio });
      // The schema's own wording: the hostile-text scan runs over what the schema accepted, after it.
      expect(res).toMatchObject({
        status: 422,
        body: { success: false, errors: { bio: [expect.stringMatching(/contains characters that are not allowed/i)] } },
      });
    }
    expect(await bio()).toBe(before);
    expect((await member.json('POST', '/api/r/profile/update', { bio: 'emoji 🎰 and אבג are fine' })).status).toBe(200);
    expect(await bio()).toBe('emoji 🎰 and אבג are fine');
    expect((await member.json('GET', '/api/r/raffles/%00')).status).toBe(422);
  });

  it('fields named like Object.prototype members are ordinary unknown fields → 422, never 500', async () => {
    const member = await stack.api.signedIn();
    for (const key of ['toString', 'constructor', 'hasOwnProperty', 'valueOf']) {
      const query = await member.json('GET', `/api/r/store?${key}=1`);
      expect(query).toEqual({ status: 422, body: expect.objectContaining({ success: false, errors: { [key]: ['Unknown field.'] } }) });
      const body = await member.json('POST', '/api/r/profile/update', { [key]: 1 });
      expect([body.status, body.body.errors[key]]).toEqual([422, ['Unknown field.']]);
    }
    const proto = await fetch(`${stack.api.url}/api/r/profile/update`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: member.cookieHeader, 'x-csrf-token': member.csrfToken! },
      body: '{"__proto__": {"role": "Admin"}, "bio": "x"}',
    });
    expect(proto.status).toBe(422);
    const errors = JSON.parse(await proto.text()).errors as Record<string, unknown>;
    expect(Object.entries(errors)).toEqual([['__proto__', ['Unknown field.']]]);
  });

  it('malformed JSON → 400 envelope, not 500', async () => {
    const admin = stack.api.client();
    await admin.loginAs(adminId);
    const res = await admin.request('PUT', '/api/admin/settings', { headers: { 'content-type': 'application/json' }, body: undefined });
    expect(res.status).toBeLessThan(500);
    const raw = await fetch(`${stack.api.url}/api/admin/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: admin.cookieHeader, 'x-csrf-token': admin.csrfToken! },
      body: '{"site_name": ',
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({ success: false, message: 'The request body is not valid JSON.' });
  });

  it('unknown API route → 404 envelope', async () => {
    const res = await stack.api.client().json('GET', '/api/r/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body.success).toBe(false);
  });
});
