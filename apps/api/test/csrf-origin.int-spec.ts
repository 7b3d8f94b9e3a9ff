import { createTestStack, type RunningApi, type TestClient, type TestStack } from '@kickback/testing';

const REFUSED = { success: false, message: 'This request came from another site and was refused.' };

/** Issue #49: beside the CSRF token, a state-changing request that names another site (Origin or Referer) is refused. */
describe('CSRF: the Origin (or Referer) of a state-changing request is checked too (real api)', () => {
  let stack: TestStack;
  let api: RunningApi;
  let member: TestClient;

  beforeAll(async () => {
    stack = await createTestStack({ EXTRA_ORIGINS: 'http://localhost:5173' });
    api = await stack.api();
    member = await api.signedIn({ role: 'member' });
  });
  afterAll(() => stack.close());

  /** A member's call with a valid token: a wrong confirmation is a 422 once the request is let through. */
  async function send(headers: Record<string, string>): Promise<{ status: number; body: unknown }> {
    const res = await fetch(new URL('/api/r/account/delete', api.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: member.cookieHeader, 'x-csrf-token': member.csrfToken!, ...headers },
      body: JSON.stringify({ confirm_username: 'not-me' }),
    });
    return { status: res.status, body: await res.json() };
  }

  it('refuses another site and a foreign Referer even with a valid token', async () => {
    expect(await send({ origin: 'https://evil.example' })).toEqual({ status: 403, body: REFUSED });
    expect(await send({ referer: 'https://evil.example/page' })).toEqual({ status: 403, body: REFUSED });
    expect(await send({ origin: `${api.url}.evil.example` })).toEqual({ status: 403, body: REFUSED });
  });

  it('lets the site itself, the configured origins and clients that name no origin (or "null", as no-referrer pages do) through', async () => {
    const appOrigin = new URL(stack.env.APP_URL).origin;
    const allowed: Record<string, string>[] = [
      { origin: appOrigin },
      { origin: api.url },
      { origin: 'http://localhost:5173' },
      { referer: `${api.url}/settings` },
      { origin: 'null' },
      {},
    ];
    for (const headers of allowed) expect((await send(headers)).status).toBe(422);
  });
});
