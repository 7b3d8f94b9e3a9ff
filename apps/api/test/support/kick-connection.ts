import type { TestClient } from '@kickback/testing';

/** Where our answer to Kick's redirect back sends the admin once the streamer's account is connected. */
export const KICK_CONNECTED = '/admin-new/kick-connection?connected=1';

/**
 * The admin connects the streamer's Kick account through the (fake) Kick's consent page, `scope` replacing the scopes
 * asked for. Answers our reply to Kick's redirect back.
 */
export async function connectKickAccount(admin: TestClient, scope?: string): Promise<Response> {
  const start = await admin.get('/auth/kick/connect');
  const authorize = new URL(start.headers.get('location')!);
  if (scope) authorize.searchParams.set('scope', scope);
  const consent = await fetch(authorize, { redirect: 'manual' });
  const callback = new URL(consent.headers.get('location')!);
  return admin.get(callback.pathname + callback.search);
}
