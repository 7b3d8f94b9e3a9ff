// No zod here: the race overlay and the site's race cards import this in their first load.

/** A place of the prize ladder: an amount in a currency, or a prize described in words. */
export type RacePrize = { amount: number; currency: string } | { text: string };

/** "$100.00", "250.00 USDT", or the prize's own words: how the site, the overlay and the winners ledger name a prize. */
export function racePrizeLabel(prize: RacePrize, currencySymbol: string): string {
  if ('text' in prize) return prize.text;
  const amount = prize.amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return prize.currency === currencySymbol && currencySymbol.length <= 2 ? `${currencySymbol}${amount}` : `${amount} ${prize.currency}`;
}
