import type { OverlayData } from '@kickback/contracts';

type RaffleOverlayData = Extract<OverlayData, { kind: 'raffle' }>;

/** "Type !join in chat or enter at site/raffles/5", from the keyword set in Activity and the raffle's page. */
export function defaultHowToEnter({ join_command, verify_url }: Pick<RaffleOverlayData, 'join_command' | 'verify_url'>): string {
  const site = verify_url ? verify_url.replace(/^https?:\/\//, '') : null;
  if (join_command) return site ? `Type ${join_command} in chat or enter at ${site}` : `Type ${join_command} in chat`;
  return site ? `Enter at ${site}` : '';
}
