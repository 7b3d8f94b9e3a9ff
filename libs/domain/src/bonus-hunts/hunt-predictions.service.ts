import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { HuntPredictionInput } from '@kickback/contracts';
import { ApiError, OutboxService, notFound } from '@kickback/platform';
import { BonusHuntsRepository } from './bonus-hunts.repository';
import { HuntPredictionsRepository } from './hunt-predictions.repository';

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
    private readonly hunts: BonusHuntsRepository,
    private readonly predictions: HuntPredictionsRepository,
  ) {}

  async predict(huntId: number, userId: number, input: HuntPredictionInput): Promise<{ created: boolean; id: number }> {
    return this.em.fork().transactional(async (tx) => {
      const hunt = await this.hunts.lockForPrediction(tx, huntId);
      if (!hunt) throw notFound('Bonus hunt not found.');
      if (!hunt.predictions_active || hunt.status === 'completed') throw new ApiError(409, PREDICTIONS_CLOSED_MESSAGE);
      const row = await this.predictions.upsert(tx, huntId, userId, input);
      await this.outbox.add(tx, 'hunt.predicted', { huntId, userId, at: new Date().toISOString() });
      return { created: row.created, id: row.id };
    });
  }
}
