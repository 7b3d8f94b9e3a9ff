import type { ActivityRules, ActivitySource } from '@kickback/contracts';
import type { AwardContext } from './activity.repository';
import type { Award } from './activity-awards.service';
import { followPayload, giftsPayload, kicksPayload, subscriptionPayload } from './kick-event-payloads';

export interface KickMessage {
  id: string;
  type: string;
  version: string;
  sentAt: Date;
  payload: unknown;
  /** Kick-Event-Subscription-Id: which subscription delivered it (absent for statuses read from Kick's API). */
  subscriptionId?: string;
}

/** How a gift whose gifter Kick hides is shown. */
export const ANONYMOUS = 'Anonymous';

/** A message that earns one Kick account a fixed award, read from its payload alone (no database yet). */
export interface AwardIntent {
  source: ActivitySource;
  key: string;
  kickUserId: number;
  pointsFor: (rules: ActivityRules) => number;
}

/**
 * The award a follow, subscription, gifted subs or kicks message asks for, or its outcome when the payload alone
 * settles it; null for the messages the applier takes step by step (chat, live status, rewards). These awards depend
 * only on the rules, the live state and who the account is, so many of them can be decided and written together.
 * Throws a ZodError on a payload without the fields it reads.
 */
export function awardIntent(message: KickMessage): AwardIntent | { outcome: string; from?: string } | null {
  switch (message.type) {
    case 'channel.followed': {
      const { follower } = followPayload.parse(message.payload);
      return { source: 'follow', key: `follow:${follower.user_id}`, kickUserId: follower.user_id, pointsFor: (r) => r.follow_points };
    }
    case 'channel.subscription.new':
    case 'channel.subscription.renewal': {
      // Once per new or renewal event, whatever its `duration` (docs/activity.md, "Payload truth").
      const { subscriber, created_at } = subscriptionPayload.parse(message.payload);
      const kickUserId = subscriber.user_id;
      return { source: 'subscription', key: factKey(message, kickUserId, created_at), kickUserId, pointsFor: (r) => r.subscription_points };
    }
    case 'channel.subscription.gifts': {
      const { gifter, giftees, created_at } = giftsPayload.parse(message.payload);
      // No account to credit: acknowledged, and the admin's delivery list names the gifter "Anonymous".
      if (!gifter?.user_id || gifter.is_anonymous) return { outcome: 'anonymous', from: ANONYMOUS };
      const kickUserId = gifter.user_id;
      return {
        source: 'gifted-subs',
        key: factKey(message, kickUserId, created_at),
        kickUserId,
        pointsFor: (r) => r.gifted_sub_points * giftees.length,
      };
    }
    case 'kicks.gifted': {
      const { sender, gift, created_at } = kicksPayload.parse(message.payload);
      const kickUserId = sender.user_id;
      return { source: 'kicks', key: factKey(message, kickUserId, created_at), kickUserId, pointsFor: (r) => r.kick_points * gift.amount };
    }
    default:
      return null;
  }
}

/**
 * An award's key from the event's own facts (its type, who, and Kick's created_at), so one event delivered under two
 * subscriptions (two message ids) pays once; the message id when the payload has no created_at.
 */
function factKey(message: KickMessage, kickUserId: number, createdAt: string | null | undefined): string {
  return createdAt ? `${message.type}:${kickUserId}:${createdAt}` : `kick:${message.id}`;
}

/** The award to write for an intent, or why there is none: the streamer or an excluded bot, no points set, too new. */
export function decideAward(intent: AwardIntent, context: AwardContext): Award | { outcome: string } {
  const { rules, live, excluded, member } = context;
  if (rules.broadcaster_user_id === intent.kickUserId || excluded) return { outcome: 'excluded' };
  const points = intent.pointsFor(rules);
  if (points <= 0) return { outcome: 'no-points' };
  if (!oldEnough(rules, member)) return { outcome: 'too-new' };
  const { source, key, kickUserId } = intent;
  return { key, source, kickUserId, userId: member?.id ?? null, streamId: live.is_live ? live.stream_id : null, points, xp: points };
}

/** The minimum age of the member's account here; a guest's pending points are earned before joining and credited at first login. */
export function oldEnough(rules: ActivityRules, member: AwardContext['member']): boolean {
  if (rules.min_account_age_days <= 0 || !member) return true;
  return Date.now() - new Date(member.created_at).getTime() >= rules.min_account_age_days * 86_400_000;
}
