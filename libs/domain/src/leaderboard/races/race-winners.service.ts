import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { racePrizeLabel, type RacePrize } from '@kickback/contracts';
import { OutboxService } from '@kickback/platform';
import { WinnersService } from '../../winners/winners.service';
import { linkedMembers } from '../leaderboard-standings.repository';
import type { PlatformRecord } from '../leaderboard-platforms.repository';
import { maskUsername } from '../username-mask';
import { loadRaceStandings, type RaceRecord } from './races.repository';

/** The prize's value in USD when it is paid in dollars; other currencies and text prizes have none the site can count. */
const usdValue = (prize: RacePrize): string | null =>
  'text' in prize || !['$', 'USD', 'usd'].includes(prize.currency) ? null : prize.amount.toFixed(2);

/**
 * Records a finished race's paid places: each place of the ladder (a text, or an amount above zero) with a placed player
 * goes into the winners ledger (Recent Winners), linked to the member who claimed that casino username in Settings if
 * any, which opens its payout (to that member, or to the casino username) in the same transaction; 'race.finished' is
 * written for the announcements. Both ledgers are unique per race and place, and this runs only in the transaction that
 * moved the race to finished, so a second end job records nothing twice. The one place a race's prizes enter the ledgers.
 */
@Injectable()
export class RaceWinnersService {
  constructor(
    private readonly winners: WinnersService,
    private readonly outbox: OutboxService,
  ) {}

  async recordWinners(tx: EntityManager, race: RaceRecord, platform: PlatformRecord): Promise<void> {
    const standings = await loadRaceStandings(tx, race.id, race.prizes.length);
    const members = await linkedMembers(
      tx,
      standings.map((s) => s.username),
    );
    for (const [index, standing] of standings.entries()) {
      const prize = race.prizes[index];
      if (!('text' in prize) && prize.amount <= 0) continue;
      const place = index + 1;
      const reference = `race:${race.id}:${place}`;
      const usd = usdValue(prize);
      await this.winners.record(tx, {
        source: 'race',
        reference,
        userId: members.get(standing.username.toLowerCase()) ?? null,
        name: platform.maskUsernames ? maskUsername(standing.username) : standing.username,
        position: place,
        prize: racePrizeLabel(prize, platform.currencySymbol),
        prizeValueUsd: usd,
        prizePoints: null,
        subject: { id: race.id, title: race.title, path: `/races/${race.id}` },
        casinoUsername: standing.username,
        ...('text' in prize ? {} : { amount: { value: prize.amount.toFixed(2), currency: prize.currency } }),
      });
    }
    await this.outbox.add(tx, 'race.finished', { raceId: race.id, at: new Date().toISOString() });
  }
}
