import type { ActivityOverview, ActivityRules } from '@kickback/contracts';

/** The Activity screen's answers in its component tests. */
export const rules: ActivityRules = {
  broadcaster_user_id: null,
  chat_points: 5,
  chat_xp: 5,
  chat_interval_seconds: 300,
  chat_hour_cap: 60,
  chat_stream_cap: 300,
  follow_points: 50,
  subscription_points: 500,
  gifted_sub_points: 250,
  kick_points: 1,
  watch_points: 10,
  watch_interval_seconds: 600,
  watch_stream_cap: 300,
  min_account_age_days: 0,
  chat_commands_enabled: false,
  join_keyword: 'join',
};

export const overview: ActivityOverview = {
  live: { is_live: true, started_at: '2026-11-24T10:00:00Z', ended_at: null },
  today_by_source: [{ source: 'chat', points: 1250, awards: 250 }],
  top_earners: [{ user_id: 3, username: 'ada', points: 300 }],
  pending: { chatters: 2, points: 10 },
  deliveries: [
    { message_id: '01JABC', type: 'chat.message.sent', version: '1', result: 'awarded', received_at: '2026-11-24T10:05:00Z' },
    { message_id: '01JXYZ', type: 'chat.message.sent', version: '1', result: 'bad-signature', received_at: '2026-11-24T10:06:00Z' },
    {
      message_id: '01JGFT',
      type: 'channel.subscription.gifts',
      version: '1',
      result: 'anonymous',
      from: 'Anonymous',
      received_at: '2026-11-24T10:07:00Z',
    },
  ],
  subscriptions: [],
  subscriptions_enabled: false,
  kick_events: [],
  delivery_warning: null,
  live_poll_warning: null,
};
