import { CONTEST_MAX_STAKE, CONTEST_TEXTS } from '@kickback/contracts';
import { chatOption } from '../activity/chat-option';

export type ChatBet = { option: number; points: number } | { refusal: string };

export const CHAT_BET_TEXTS = {
  usage: 'bet like this: !bet <option> <points>, the option by its number or name, e.g. !bet 1 100.',
  notWhole: 'stake whole points, at least 1: !bet <option> <points>.',
} as const;

/** Whole points as chat types them: digits, thousands commas allowed ("1,000"). */
const POINTS = /^(?:\d{1,3}(?:,\d{3})+|\d+)$/;

/**
 * Reads `!bet`'s argument against the contest's options: the last word is the points, everything before it the option,
 * given as its number (1 = the first) or its name without case, where the start of a name is enough when only one
 * option starts that way. A number that is an option's place wins over a name made of digits.
 */
export function parseChatBet(argument: string, options: readonly string[]): ChatBet {
  const words = argument.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return { refusal: CHAT_BET_TEXTS.usage };
  const typedPoints = words.pop()!;
  if (!POINTS.test(typedPoints)) return { refusal: CHAT_BET_TEXTS.usage };
  const digits = typedPoints.replace(/,/g, '');
  // Past the contests' ceiling is over any contest's maximum; read as text so a huge number stays exact.
  if (digits.replace(/^0+/, '').length > String(CONTEST_MAX_STAKE).length || Number(digits) > CONTEST_MAX_STAKE)
    return { refusal: CONTEST_TEXTS.overMax };
  const points = Number(digits);
  if (points < 1) return { refusal: CHAT_BET_TEXTS.notWhole };
  const option = chatOption(words.join(' '), options);
  return 'refusal' in option ? option : { option: option.index, points };
}
