import { createHash } from 'node:crypto';
import type { ActivityRules } from '@kickback/contracts';

/** Case, spacing and invisible characters do not make a message new: "GG", "gg " and "g\u200Bg" are one message. */
export function messageFingerprint(content: string): string {
  const normal = content
    .normalize('NFKC')
    .replace(/[\p{Cf}\p{Cc}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
  return createHash('sha256').update(normal).digest('hex');
}

export interface ChatHistory {
  lastHash: string | null;
  lastAwardAt: Date | null;
  earnedThisHour: number;
  earnedThisStream: number;
}

export type ChatDecision = { points: number; xp: number } | { refused: 'spam' | 'interval' | 'capped' };

/** What one chat message earns under the rules: nothing for a repeat, inside the interval, or at a cap. */
export function chatAward(rules: ActivityRules, history: ChatHistory, hash: string, now: Date): ChatDecision {
  if (history.lastHash === hash) return { refused: 'spam' };
  if (history.lastAwardAt && now.getTime() - history.lastAwardAt.getTime() < rules.chat_interval_seconds * 1000)
    return { refused: 'interval' };
  const room = Math.min(rules.chat_points, rules.chat_hour_cap - history.earnedThisHour, rules.chat_stream_cap - history.earnedThisStream);
  if (room <= 0 && !(rules.chat_points === 0 && rules.chat_xp > 0)) return { refused: 'capped' };
  return { points: Math.max(0, room), xp: rules.chat_xp };
}
