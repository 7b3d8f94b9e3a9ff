import { integrationStack, type TestClient } from '@kickback/testing';

const REFUSED = { success: false, message: 'This request came from another site and was refused.' };

/** Issue #49: beside the CSRF token, a state-changing request that names another site (Origin or Referer) is refused. */
describe('CSRF: the Origin (or Referer) of a state-changing request is checked too (real api)', () => {
  let member: TestClient;

  const stack = integrationStack({ env: { EXTRA_ORIGINS: 'http://localhost:5173' } });

  beforeAll(async () => {
    member = await stack.api.signedIn({ role: 'member' });
  });

  /** A member's call with a valid token: a wrong confirmation is a 422 once the request is let through. */
  async function send(headers: Record<string, string>): Promise<{ status: number; body: unknown }> {
    const res = await fetch(new URL('/api/r/account/delete', stack.api.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: member.cookieHeader, 'x-csrf-token': member.csrfToken!, ...headers },
      body: JSON.stringify({ confirm_username: 'not-me' }),
    });
    return { status: res.status, body: await res.json() };
  }

  it('refuses another site and a foreign Referer even with a valid token', async () => {
    expect(await send({ origin: 'https://evil.example' })).toEqual({ status: 403, body: REFUSED });
    expect(await send({ referer: 'https://evil.example/page' })).toEqual({ status: 403, body: REFUSED });
    expect(await send({ origin: `${stack.api.url}.evil.example` })).toEqual({ status: 403, body: REFUSED });
  });

  it('lets the site itself, the configured origins and clients that name no origin (or "null", as no-referrer pages do) through', async () => {
    const appOrigin = new URL(stack.env.APP_URL).origin;
    const allowed: Record<string, string>[] = [
      { origin: appOrigin },
      { origin: stack.api.url },
      { origin: 'http://localhost:5173' },
      { referer: `${stack.api.url}/settings` },
      { origin: 'null' },
      {},
    ];
    for (const headers of allowed) expect((await send(headers)).status).toBe(422);
  });
});
