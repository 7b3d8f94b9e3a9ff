import type { TestClient } from '@kickback/testing';

/** Where our answer to Kick's redirect back sends the admin once the streamer's account is connected. */
export const KICK_CONNECTED = '/admin-new/kick-connection?connected=1';

/**
 * Goes through the (fake) Kick's consent page as a browser would: `startPath` redirects to Kick's authorize URL, which
 * `onAuthorize` may check or change first; Kick consents and redirects back. Answers our callback's reply.
 */
export async function throughKickConsent(client: TestClient, startPath: string, onAuthorize?: (authorize: URL) => void): Promise<Response> {
  const start = await client.get(startPath);
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get('location')!);
  onAuthorize?.(authorize);
  const consent = await fetch(authorize, { redirect: 'manual' });
  const callback = new URL(consent.headers.get('location')!);
  return client.get(callback.pathname + callback.search);
}

/** The admin connects the streamer's Kick account, `scope` replacing the scopes asked for. */
export const connectKickAccount = (admin: TestClient, scope?: string): Promise<Response> =>
  throughKickConsent(admin, '/auth/kick/connect', (authorize) => {
    if (scope) authorize.searchParams.set('scope', scope);
  });
