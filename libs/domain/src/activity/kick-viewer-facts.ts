import type { KickMessage } from './kick-award-intents';
import { chatMessagePayload, followPayload, giftsPayload, subscriptionPayload } from './kick-event-payloads';

/** What one message tells about a Kick account in the channel, for the raffle entry rules (kick_viewers). */
export interface ViewerFact {
  kick_user_id: number;
  followed_at: string | null;
  subscribed_at: string | null;
  subscribed_until: string | null;
  chat_subscriber: boolean | null;
  chat_seen_at: string | null;
}

/** A subscription without a readable expiry lasts a month from its event, as Kick's subscriptions do. */
const MONTH_MS = 31 * 86_400_000;
/** Badges that mean the chatter subscribes now (a founder is one of the channel's first subscribers, still subscribed). */
const SUBSCRIBER_BADGES = new Set(['subscriber', 'founder']);

const blank = (kickUserId: number): ViewerFact => ({
  kick_user_id: kickUserId,
  followed_at: null,
  subscribed_at: null,
  subscribed_until: null,
  chat_subscriber: null,
  chat_seen_at: null,
});

function until(expiresAt: string | null | undefined, sentAt: Date): string {
  const parsed = expiresAt ? Date.parse(expiresAt) : NaN;
  return new Date(Number.isNaN(parsed) ? sentAt.getTime() + MONTH_MS : parsed).toISOString();
}

/** The facts a follow, subscription, gift or chat message carries; none for other messages or unreadable payloads. */
export function viewerFacts(message: KickMessage): ViewerFact[] {
  const at = message.sentAt.toISOString();
  switch (message.type) {
    case 'channel.followed': {
      const parsed = followPayload.safeParse(message.payload);
      return parsed.success ? [{ ...blank(parsed.data.follower.user_id), followed_at: at }] : [];
    }
    case 'channel.subscription.new':
    case 'channel.subscription.renewal': {
      const parsed = subscriptionPayload.safeParse(message.payload);
      if (!parsed.success) return [];
      const { subscriber, expires_at } = parsed.data;
      return [{ ...blank(subscriber.user_id), subscribed_at: at, subscribed_until: until(expires_at, message.sentAt) }];
    }
    case 'channel.subscription.gifts': {
      const parsed = giftsPayload.safeParse(message.payload);
      if (!parsed.success) return [];
      const subscribedUntil = until(parsed.data.expires_at, message.sentAt);
      return parsed.data.giftees
        .filter((g): g is typeof g & { user_id: number } => typeof g.user_id === 'number')
        .map((g) => ({ ...blank(g.user_id), subscribed_at: at, subscribed_until: subscribedUntil }));
    }
    case 'chat.message.sent': {
      const parsed = chatMessagePayload.safeParse(message.payload);
      if (!parsed.success) return [];
      const badges = parsed.data.sender.identity?.badges ?? [];
      return [
        { ...blank(parsed.data.sender.user_id), chat_subscriber: badges.some((b) => SUBSCRIBER_BADGES.has(b.type)), chat_seen_at: at },
      ];
    }
    default:
      return [];
  }
}

/** One fact per account (an upsert may touch a row once): the first follow, the newest subscription and chat. */
export function mergeViewerFacts(facts: ViewerFact[]): ViewerFact[] {
  const merged = new Map<number, ViewerFact>();
  const newer = (a: string | null, b: string | null) => (a !== null && (b === null || a > b) ? a : b);
  for (const f of facts) {
    const m = merged.get(f.kick_user_id) ?? blank(f.kick_user_id);
    if (f.followed_at && (!m.followed_at || f.followed_at < m.followed_at)) m.followed_at = f.followed_at;
    if (newer(f.subscribed_at, m.subscribed_at) === f.subscribed_at && f.subscribed_at) {
      m.subscribed_at = f.subscribed_at;
      m.subscribed_until = f.subscribed_until;
    }
    if (newer(f.chat_seen_at, m.chat_seen_at) === f.chat_seen_at && f.chat_seen_at) {
      m.chat_seen_at = f.chat_seen_at;
      m.chat_subscriber = f.chat_subscriber;
    }
    merged.set(f.kick_user_id, m);
  }
  return [...merged.values()].sort((a, b) => a.kick_user_id - b.kick_user_id);
}
