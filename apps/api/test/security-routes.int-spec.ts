import { integrationStack, createUser } from '@kickback/testing';
import { concretePath, listRoutes } from '../src/bootstrap/route-inventory';

/**
 * State-changing routes that take no CSRF token, each named: server-to-server callbacks that prove themselves another
 * way. Every other POST/PUT/PATCH/DELETE must refuse a missing or forged token.
 */
const CSRF_EXEMPT = new Set(['POST /webhooks/kick']);

describe('route security (every registered route)', () => {
  let adminId: number;
  let memberId: number;

  const stack = integrationStack();

  beforeAll(async () => {
    adminId = (await createUser(stack.em, { role: 'Admin' })).id;
    memberId = (await createUser(stack.em)).id;
  });

  it('rejects every state-changing route without a valid CSRF token, even for a logged-in admin', async () => {
    // Pure catch-alls (Express's not-found handlers) change nothing and answer 404.
    const routes = listRoutes(stack.api.app).filter(
      (r) =>
        ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && !/^\/\{\*\w+\}$/.test(r.path) && !CSRF_EXEMPT.has(`${r.method} ${r.path}`),
    );
    expect(routes.length).toBeGreaterThan(5);
    const client = stack.api.client();
    await client.loginAs(adminId);
    const failures: string[] = [];
    for (const route of routes) {
      for (const token of [undefined, 'forged-token']) {
        const res = await client.request(route.method, concretePath(route.path), {
          json: {},
          csrf: false,
          headers: token ? { 'x-csrf-token': token } : {},
        });
        const body = (await res.json()) as { success: boolean; message: string };
        if (res.status !== 403 || body.success !== false || !/CSRF/.test(body.message))
          failures.push(`${route.method} ${route.path} → ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('names its CSRF exemptions: each exists and proves itself another way (the Kick webhook: its signature)', async () => {
    const registered = new Set(listRoutes(stack.api.app).map((r) => `${r.method} ${r.path}`));
    expect([...CSRF_EXEMPT].filter((route) => !registered.has(route))).toEqual([]);
    const client = stack.api.client();
    await client.loginAs(adminId);
    const res = await client.request('POST', '/webhooks/kick', { json: {}, csrf: false });
    // Not the CSRF refusal: the webhook's own check answers (no Kick headers, no signature).
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).not.toMatch(/CSRF/);
  });

  it('answers 401 to anonymous, 403 to a member and success to an admin on every /api/admin route', async () => {
    const routes = listRoutes(stack.api.app).filter(
      (r) => r.path.startsWith('/api/admin') && ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method),
    );
    expect(routes.length).toBeGreaterThan(3);
    const anonymous = stack.api.client();
    await anonymous.refreshCsrf();
    const member = stack.api.client();
    await member.loginAs(memberId);
    const admin = stack.api.client();
    await admin.loginAs(adminId);
    const problems: string[] = [];
    for (const route of routes) {
      const path = concretePath(route.path);
      const body = route.method === 'GET' ? {} : { json: {} };
      const anon = await anonymous.request(route.method, path, body);
      if (anon.status !== 401) problems.push(`anonymous ${route.method} ${route.path} → ${anon.status}`);
      const mem = await member.request(route.method, path, body);
      if (mem.status !== 403) problems.push(`member ${route.method} ${route.path} → ${mem.status}`);
      // An admin passes the role check: the answer is the route's own (success, or 404/422 for a made-up id or body).
      const adm = await admin.request(route.method, path, body);
      if ([401, 403].includes(adm.status) || adm.status >= 500) problems.push(`admin ${route.method} ${route.path} → ${adm.status}`);
    }
    expect(problems).toEqual([]);
  });

  it('admin GET routes succeed for an admin', async () => {
    const admin = stack.api.client();
    await admin.loginAs(adminId);
    const gets = listRoutes(stack.api.app).filter((r) => r.method === 'GET' && r.path.startsWith('/api/admin') && !r.path.includes(':'));
    for (const route of gets) {
      const res = await admin.request('GET', route.path);
      const text = await res.text();
      // The bookkeeping exports answer CSV; every other admin GET answers the envelope.
      const success = res.headers.get('content-type')?.startsWith('text/csv')
        ? text.length > 0
        : (JSON.parse(text) as { success: boolean }).success;
      expect({ route: route.path, status: res.status, success }).toEqual({ route: route.path, status: 200, success: true });
    }
  });
});
