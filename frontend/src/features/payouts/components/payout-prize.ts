import { formatAmount } from '../../../lib/format';

/** What was won, with its dollar value beside an item prize ("Headset · $120.00"); money and points say it themselves. */
export function prizeText(p: { prize: string; amount: number | null; value_usd?: number | null }): string {
  const value = p.amount === null && p.value_usd ? formatAmount(p.value_usd) : '';
  return [p.prize, value].filter(Boolean).join(' · ');
}
