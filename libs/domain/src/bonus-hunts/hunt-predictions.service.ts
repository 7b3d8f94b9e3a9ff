import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { HuntPredictionInput } from '@kickback/contracts';
import { ApiError, OutboxService, notFound } from '@kickback/platform';

export const PREDICTIONS_CLOSED_MESSAGE = 'Predictions are not active for this hunt';

/**
 * One prediction per member per hunt (UNIQUE (hunt_id, user_id)), written by a single upsert so
 * parallel submits from one member end as one row. The hunt row is read FOR SHARE: an admin
 * closing predictions (an UPDATE of that row) waits for in-flight submits, and a submit that
 * starts after the close sees it and is refused.
 */
@Injectable()
export class HuntPredictionsService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxService,
  ) {}

  async predict(huntId: number, userId: number, input: HuntPredictionInput): Promise<{ created: boolean; id: number }> {
    return this.em.fork().transactional(async (tx) => {
      const [hunt] = await tx.execute<{ status: string; predictions_active: boolean }[]>(
        'select status, predictions_active from hunts where id = ? for share',
        [huntId],
      );
      if (!hunt) throw notFound('Bonus hunt not found.');
      if (!hunt.predictions_active || hunt.status === 'completed') throw new ApiError(409, PREDICTIONS_CLOSED_MESSAGE);
      const [row] = await tx.execute<{ id: number; created: boolean }[]>(
        `insert into hunt_predictions (hunt_id, user_id, end_balance, highest_multiplier, highest_multiplier_game)
         values (?, ?, ?::numeric, ?::numeric, ?)
         on conflict (hunt_id, user_id) do update set
           end_balance = excluded.end_balance,
           highest_multiplier = excluded.highest_multiplier,
           highest_multiplier_game = excluded.highest_multiplier_game,
           updated_at = now()
         returning id, (xmax = 0) as created`,
        [huntId, userId, input.end_balance, input.highest_multiplier, input.highest_multiplier_game],
      );
      await this.outbox.add(tx, 'hunt.predicted', { huntId, userId, at: new Date().toISOString() });
      return { created: row!.created, id: row!.id };
    });
  }
}
