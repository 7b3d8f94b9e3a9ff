/** The commands chat can give: `!points`, `!raffle`, and the admin's join keyword (`!join` by default). */
export type ChatCommandName = 'points' | 'raffle' | 'join';

/**
 * Which command a chat message gives, if any: its first word after "!", compared without case; the rest of the
 * message is ignored, so "!JOIN please" enters as "!join" does.
 */
export function chatCommand(content: string, joinKeyword: string): ChatCommandName | undefined {
  const word = /^!([A-Za-z0-9]{1,20})(?:\s|$)/.exec(content.trim())?.[1]?.toLowerCase();
  if (!word) return undefined;
  if (word === 'points' || word === 'raffle') return word;
  return word === joinKeyword ? 'join' : undefined;
}
