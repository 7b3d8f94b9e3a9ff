import type { TestClient } from './test-client';

/**
 * The streamer's first chat setup (docs/activity.md): chat commands on for their channel, then their own Kick account
 * connected through OAuth with PKCE against the fake Kick, so that the answers to commands go out with its token.
 * Returns our answer to Kick's redirect back (a 302 to the Kick connection screen).
 */
export async function connectStreamerChat(admin: TestClient, broadcasterUserId: number): Promise<Response> {
  const rules = await admin.json('PUT', '/api/admin/activity/rules', {
    broadcaster_user_id: broadcasterUserId,
    chat_commands_enabled: true,
  });
  if (rules.status !== 200) throw new Error(`the activity rules were refused: ${rules.status} ${JSON.stringify(rules.body)}`);
  const start = await admin.get('/auth/kick/connect');
  const consent = await fetch(new URL(start.headers.get('location')!), { redirect: 'manual' });
  const callback = new URL(consent.headers.get('location')!);
  return admin.get(callback.pathname + callback.search);
}
