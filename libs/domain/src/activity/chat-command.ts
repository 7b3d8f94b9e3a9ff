/** The commands chat can give: `!points`, `!raffle`, `!sr <slot>`, and the admin's join keyword (`!join` by default). */
export type ChatCommandName = 'points' | 'raffle' | 'join' | 'sr';

/**
 * Which command a chat message gives, if any: its first word after "!", compared without case; the rest of the
 * message is ignored, so "!JOIN please" enters as "!join" does.
 */
export function chatCommand(content: string, joinKeyword: string): ChatCommandName | undefined {
  const word = /^!([A-Za-z0-9]{1,20})(?:\s|$)/.exec(content.trim())?.[1]?.toLowerCase();
  if (!word) return undefined;
  if (word === 'points' || word === 'raffle' || word === 'sr') return word;
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
