import type { ActivityRules } from '@kickback/contracts';
import { chatAward, messageFingerprint } from './chat-rules';

const rules = { chat_points: 5, chat_xp: 3, chat_interval_seconds: 300, chat_hour_cap: 12, chat_stream_cap: 100 } as ActivityRules;
const now = new Date('2026-11-24T12:00:00Z');
const fresh = { lastHash: null, lastAwardAt: null, earnedThisHour: 0, earnedThisStream: 0 };

describe('chat rules', () => {
  it('treats case, spacing and invisible characters as the same message', () => {
    expect(messageFingerprint('GG  wp')).toBe(messageFingerprint(' gg wp '));
    expect(messageFingerprint('g\u200Bg')).toBe(messageFingerprint('gg'));
    expect(messageFingerprint('ＧＧ')).toBe(messageFingerprint('gg'));
    expect(messageFingerprint('gg')).not.toBe(messageFingerprint('gg!'));
  });

  it('awards the rule, refuses a repeat, the interval and a reached cap, and trims to the cap', () => {
    const hash = messageFingerprint('hello');
    expect(chatAward(rules, fresh, hash, now)).toEqual({ points: 5, xp: 3 });
    expect(chatAward(rules, { ...fresh, lastHash: hash }, hash, now)).toEqual({ refused: 'spam' });
    expect(chatAward(rules, { ...fresh, lastAwardAt: new Date(now.getTime() - 299_000) }, hash, now)).toEqual({ refused: 'interval' });
    expect(chatAward(rules, { ...fresh, lastAwardAt: new Date(now.getTime() - 300_000) }, hash, now)).toEqual({ points: 5, xp: 3 });
    expect(chatAward(rules, { ...fresh, earnedThisHour: 10 }, hash, now)).toEqual({ points: 2, xp: 3 });
    expect(chatAward(rules, { ...fresh, earnedThisHour: 12 }, hash, now)).toEqual({ refused: 'capped' });
    expect(chatAward(rules, { ...fresh, earnedThisStream: 100 }, hash, now)).toEqual({ refused: 'capped' });
  });
});
