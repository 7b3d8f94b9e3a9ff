import type { EntityManager } from '@mikro-orm/postgresql';
import type { WinnersService } from '../winners/winners.service';
import { linkedMembers, rankedStandings } from './leaderboard-standings.repository';
import { maskUsername } from './username-mask';

export interface PrizePeriod {
  periodId: number;
  platform: { name: string; currencySymbol: string; maskUsernames: boolean };
  startsAt: Date;
  prizes: number[];
  /** When the prizes were decided; now unless the demo seed dates them back. */
  paidAt?: Date;
  /** Casino names (lower case) of members on a break: unranked, so no prize, and the ranks below move up. */
  onBreak?: string[];
}

const monthYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * Records an archived period's prize table: each rank with a prize and a player is entered in the winners ledger
 * (linked to the member who claimed that casino username in Settings, if any), which opens its payout to that member
 * or, unlinked, to the casino username. Both ledgers are unique per period and rank, so a repeated archive records
 * nothing twice. Call inside the archiving transaction.
 */
export async function recordPeriodWinners(tx: EntityManager, winners: Pick<WinnersService, 'record'>, period: PrizePeriod): Promise<void> {
  const paid = period.prizes.findLastIndex((p) => p > 0) + 1;
  if (paid === 0) return;
  const standings = await rankedStandings(tx, period.periodId, paid, period.onBreak ?? []);
  const members = await linkedMembers(
    tx,
    standings.map((s) => s.username),
  );
  const { platform } = period;
  const title = `${platform.name} leaderboard · ${monthYear.format(period.startsAt)}`;
  for (const [index, standing] of standings.entries()) {
    const amount = period.prizes[index] ?? 0;
    if (amount <= 0) continue;
    const rank = index + 1;
    const reference = `leaderboard:${period.periodId}:${rank}`;
    const usd = amount.toFixed(2);
    await winners.record(tx, {
      source: 'leaderboard',
      reference,
      userId: members.get(standing.username.toLowerCase()) ?? null,
      name: platform.maskUsernames ? maskUsername(standing.username) : standing.username,
      position: rank,
      prize: `${platform.currencySymbol}${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
      prizeValueUsd: usd,
      prizePoints: null,
      subject: { id: period.periodId, title, path: '/leaderboard' },
      wonAt: period.paidAt,
      casinoUsername: standing.username,
      amount: { value: usd, currency: platform.currencySymbol },
    });
  }
}
