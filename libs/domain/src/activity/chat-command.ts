import { RESERVED_CHAT_COMMANDS } from '@kickback/contracts';

/**
 * The commands chat can give: `!points`, `!raffle`, `!sr <slot>`, `!bet <option> <points>`, `!vote <option>`, and the
 * admin's join keyword (`!join` by default).
 */
export type ChatCommandName = 'points' | 'raffle' | 'join' | 'sr' | 'bet' | 'vote';

/** The fixed command words, which the join keyword (the admin's) may not take. */
const FIXED: ReadonlySet<string> = new Set(RESERVED_CHAT_COMMANDS);
/** The commands whose argument is carried to the worker. */
export const COMMANDS_WITH_ARGUMENT: ReadonlySet<ChatCommandName> = new Set(['sr', 'bet', 'vote']);

/**
 * Which command a chat message gives, if any: its first word after "!", compared without case; the rest of the
 * message is ignored, so "!JOIN please" enters as "!join" does.
 */
export function chatCommand(content: string, joinKeyword: string): ChatCommandName | undefined {
  const word = /^!([A-Za-z0-9]{1,20})(?:\s|$)/.exec(content.trim())?.[1]?.toLowerCase();
  if (!word) return undefined;
  if (FIXED.has(word)) return word as ChatCommandName;
  return word === joinKeyword ? 'join' : undefined;
}

/** What follows a command's word (`!sr gates of olympus` → "gates of olympus"), bounded like a slot name. */
export function chatCommandArgument(content: string): string {
  return content
    .trim()
    .replace(/^!\S+\s*/, '')
    .trim()
    .slice(0, 100);
}
