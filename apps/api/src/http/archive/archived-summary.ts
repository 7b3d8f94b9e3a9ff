import type { ArchiveKind, ArchiveResult } from '@kickback/contracts';

const NOUNS: Record<ArchiveKind, [string, string]> = {
  raffles: ['ended raffle', 'ended raffles'],
  hunts: ['completed hunt', 'completed hunts'],
  tournaments: ['finished tournament', 'finished tournaments'],
  store_items: ['sold-out item', 'sold-out items'],
};

/** "Archived 3 ended raffles and 1 completed hunt." — or that nothing was over, for the kinds asked for. */
export function archivedSummary(result: ArchiveResult, kinds: ArchiveKind[]): string {
  const parts = kinds.filter((kind) => result[kind] > 0).map((kind) => `${result[kind]} ${NOUNS[kind][result[kind] === 1 ? 0 : 1]}`);
  if (parts.length === 0)
    return 'Nothing to archive: no ended raffle, completed hunt, finished tournament or sold-out item of the kinds chosen.';
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `Archived ${list}. Their pages and winners stay.`;
}
