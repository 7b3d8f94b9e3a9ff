/**
 * Public masking of casino usernames: the first two characters stay, every other character
 * becomes '*' (at least three stars, so short names do not reveal their length);
 * names of one or two characters keep only their first character.
 */
export function maskUsername(name: string): string {
  const chars = Array.from(name);
  const keep = chars.length <= 2 ? 1 : 2;
  return chars.slice(0, keep).join('') + '*'.repeat(Math.max(3, chars.length - keep));
}
