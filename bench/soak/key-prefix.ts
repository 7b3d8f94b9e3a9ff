/**
 * The family a Redis key belongs to, for counting keys by prefix: BullMQ's keys by queue (`bull:<queue>`), hash-tagged
 * keys (the throttler's `{…}`) as one family, every other key by its first segment (`sess`, `kb`, …).
 */
export function keyPrefix(key: string): string {
  if (key.startsWith('{')) return '{…}';
  const parts = key.split(':');
  if (parts[0] === 'bull' && parts.length > 2) return `bull:${parts[1]}`;
  return parts.length > 1 ? parts[0]! : '(no prefix)';
}
