import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { HUNT_PREDICTIONS_CLOSED, HUNT_PREDICTIONS_INACTIVE, type HuntPredictionInput } from '@kickback/contracts';
import { OutboxService, notFound, unprocessable } from '@kickback/platform';
import { BonusHuntsRepository } from './bonus-hunts.repository';
import { HuntPredictionsRepository } from './hunt-predictions.repository';

/**
 * One prediction per member per hunt (UNIQUE (hunt_id, user_id)), written by a single upsert so
 * parallel submits from one member end as one row. The hunt row is read FOR SHARE: an admin
 * closing predictions or saving the first result (an UPDATE of that row) waits for in-flight
 * submits, and a submit that starts meanwhile waits, sees the close and is refused.
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
      if (hunt.status !== 'preparing') throw unprocessable(HUNT_PREDICTIONS_CLOSED);
      if (!hunt.predictions_active) throw unprocessable(HUNT_PREDICTIONS_INACTIVE);
      const row = await this.predictions.upsert(tx, huntId, userId, input);
      await this.outbox.add(tx, 'hunt.predicted', { huntId, userId, at: new Date().toISOString() });
      return { created: row.created, id: row.id };
    });
  }
}
