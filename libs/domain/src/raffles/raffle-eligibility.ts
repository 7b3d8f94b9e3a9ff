import { ENTRY_RULE_MESSAGES, type RaffleEntryRules } from '@kickback/contracts';

/** What the entry rules are decided on, read for one member in the entering transaction. */
export interface EligibilityFacts {
  banned: boolean;
  kick_banned: boolean;
  follower: boolean;
  subscriber: boolean;
  level: number;
  account_age_days: number;
  watch_minutes: number;
  chat_messages: number;
  recent_win: boolean;
}

export type EntryDecision = { refused: string } | { multiplier: number };

/**
 * The first rule the member fails, in the order the raffle card lists them (bans first, whatever the rules), or the
 * multiplier their tickets get: the raffle's subscriber multiplier for a subscriber, else 1.
 */
export function decideEntry(rules: RaffleEntryRules | null, facts: EligibilityFacts): EntryDecision {
  if (facts.banned) return { refused: ENTRY_RULE_MESSAGES.banned };
  if (facts.kick_banned) return { refused: ENTRY_RULE_MESSAGES.kickBanned };
  if (!rules) return { multiplier: 1 };
  if (rules.followers_only && !facts.follower) return { refused: ENTRY_RULE_MESSAGES.followersOnly };
  if (rules.subscribers_only && !facts.subscriber) return { refused: ENTRY_RULE_MESSAGES.subscribersOnly };
  if (rules.min_level !== null && facts.level < rules.min_level) return { refused: ENTRY_RULE_MESSAGES.minLevel(rules.min_level) };
  if (rules.min_account_age_days !== null && facts.account_age_days < rules.min_account_age_days)
    return { refused: ENTRY_RULE_MESSAGES.accountAge(rules.min_account_age_days) };
  const watchOk = rules.min_watch_minutes !== null && facts.watch_minutes >= rules.min_watch_minutes;
  const chatOk = rules.min_chat_messages !== null && facts.chat_messages >= rules.min_chat_messages;
  if ((rules.min_watch_minutes !== null || rules.min_chat_messages !== null) && !watchOk && !chatOk)
    return { refused: ENTRY_RULE_MESSAGES.activity(rules) };
  if (rules.exclude_winners_days !== null && facts.recent_win)
    return { refused: ENTRY_RULE_MESSAGES.recentWinner(rules.exclude_winners_days) };
  return { multiplier: rules.subscriber_multiplier !== null && facts.subscriber ? rules.subscriber_multiplier : 1 };
}
