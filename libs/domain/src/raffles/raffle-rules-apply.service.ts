import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { RAFFLE_DRAW_ALGORITHM_V2, type RaffleRulesApplied } from '@kickback/contracts';
import { AuditLogService, conflict, unprocessable } from '@kickback/platform';
import { raffleNotFound } from './raffles-query.service';
import { RaffleEntryVoidsRepository } from './raffle-entry-voids.repository';
import { RaffleEntryVoidsService } from './raffle-entry-voids.service';
import { RaffleLivePublisher } from './raffle-live.publisher';

/**
 * The admin applies the raffle's entry rules to those who already entered (rules added after entries came in, or
 * entrants the anti-farm marks show as alts): who fails a rule now is taken out before the draw, points refunded, and
 * the draw publishes their entries as excluded. Only raffles drawn with the published v2 algorithm, which lists
 * excluded entries, and only before the draw.
 */
@Injectable()
export class RaffleRulesApplyService {
  constructor(
    private readonly em: EntityManager,
    private readonly voidsRepository: RaffleEntryVoidsRepository,
    private readonly voids: RaffleEntryVoidsService,
    private readonly audit: AuditLogService,
    private readonly live: RaffleLivePublisher,
  ) {}

  async apply(actorId: number, raffleId: number): Promise<RaffleRulesApplied> {
    const out = await this.em.fork().transactional(async (tx) => {
      const raffle = await this.voidsRepository.lockForRules(tx, raffleId);
      if (!raffle) throw raffleNotFound();
      if (raffle.drawn_at) throw conflict('The winners are drawn: the rules can no longer change who is in the draw.');
      if (raffle.cancelled_at) throw conflict('This raffle is cancelled.');
      if (!raffle.entry_rules) throw unprocessable('This raffle has no entry rules to apply. Add rules in the raffle form first.');
      if (raffle.draw_algorithm !== RAFFLE_DRAW_ALGORITHM_V2)
        throw conflict('This raffle was created before entries could be excluded from a draw; its entrants stay as they are.');
      const takenOut = await this.voids.voidIneligible(tx, raffleId, raffle.entry_rules);
      await this.audit.record(tx, {
        actorId,
        action: 'raffle.rules-applied',
        entity: 'raffle',
        entityId: raffleId,
        after: { taken_out: takenOut.length, rules: raffle.entry_rules },
      });
      return takenOut;
    });
    if (out.length) await this.live.statusChanged(raffleId);
    const byRule = new Map<string, number>();
    for (const { rule } of out) byRule.set(rule, (byRule.get(rule) ?? 0) + 1);
    return { taken_out: out.length, by_rule: [...byRule].map(([rule, count]) => ({ rule, count })) };
  }
}
