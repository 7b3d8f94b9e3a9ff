import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import { InjectRedis } from '@kickback/platform';

/** At most one prediction-count push per hunt room per window (4 a second), however many predictions arrive. */
export const HUNT_PREDICTION_PUSH_WINDOW_MS = 250;
/** If the process holding a window dies before flushing, another may open one after this. */
const GATE_TTL_MS = 2000;
const gateKey = (huntId: number) => `hunt:live:${huntId}:predictions-gate`;

/**
 * A burst of predictions (everyone submits when predictions open) becomes a few pushes. The first
 * event opens a window in Redis (SET NX, shared by every worker); when it closes the gate is
 * deleted first and the state read afterwards, so a prediction made during the window is always
 * in the push and one made after the deletion opens the next window: nothing is lost.
 */
@Injectable()
export class HuntPredictionPushCoalescer implements OnApplicationShutdown {
  private readonly logger = new Logger(HuntPredictionPushCoalescer.name);
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(@InjectRedis() private readonly redis: Redis) {}

  async request(huntId: number, push: () => Promise<void>): Promise<void> {
    const opened = await this.redis.set(gateKey(huntId), '1', 'PX', GATE_TTL_MS, 'NX');
    if (opened !== 'OK') return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.redis
        .del(gateKey(huntId))
        .then(push)
        .catch((err: unknown) => this.logger.error({ err, huntId }, 'hunt prediction push failed'));
    }, HUNT_PREDICTION_PUSH_WINDOW_MS);
    this.timers.add(timer);
  }

  onApplicationShutdown(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
