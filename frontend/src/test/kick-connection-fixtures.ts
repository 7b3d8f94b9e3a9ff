import type { KickConnectionStatus } from '@kickback/contracts';

/** Answers the kick connection screen's tests share. */
export const disconnected: KickConnectionStatus = {
  connected: false,
  account: null,
  scopes: [],
  missing_scopes: ['user:read', 'channel:read', 'chat:write', 'events:subscribe'],
  expires_at: null,
  connected_at: null,
  reconnect_by: null,
  token_refresh: { state: 'ok', message: null },
  chat_replies: {
    on: false,
    reason: 'No Kick account is connected: bot replies to chat commands are off (commands still work on the site).',
    as: 'user',
    failures: 0,
    last_failure: null,
    last_failed_at: null,
    last_sent_at: null,
  },
  channel: {
    slug: 'streamer',
    broadcaster_user_id: 4242,
    resolved_broadcaster_user_id: 5151,
    mismatch: 'The player shows "streamer" (broadcaster 5151), but events are for broadcaster 4242.',
  },
};

export const connected: KickConnectionStatus = {
  ...disconnected,
  connected: true,
  account: { kick_user_id: 5151, username: 'streamer' },
  scopes: ['user:read', 'channel:read', 'chat:write', 'events:subscribe'],
  missing_scopes: [],
  expires_at: '2026-11-27T14:00:00Z',
  connected_at: '2026-11-27T12:00:00Z',
  reconnect_by: '2026-12-27T12:00:00Z',
  chat_replies: {
    on: true,
    reason: null,
    as: 'user',
    failures: 2,
    last_failure: 'The last chat message could not be sent: Kick POST /public/v1/chat: HTTP 500.',
    last_failed_at: '2026-11-27T13:00:00Z',
    last_sent_at: '2026-11-27T13:30:00Z',
  },
  channel: { slug: 'streamer', broadcaster_user_id: 5151, resolved_broadcaster_user_id: 5151, mismatch: null },
};
