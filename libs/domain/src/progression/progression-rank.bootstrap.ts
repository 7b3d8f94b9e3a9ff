import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type Redis from 'ioredis';
import { InjectRedis } from '@kickback/platform';
import { ProgressionBackfillService } from './progression-backfill.service';
import { RANK_KEY } from './progression-rank.service';

/** Worker only: builds the rank set from the database totals when Redis has none (fresh Redis, after the seed). */
@Injectable()
export class ProgressionRankBootstrap implements OnApplicationBootstrap {
  private readonly logger = new Logger(ProgressionRankBootstrap.name);

  constructor(
    @InjectRedis() private readonly redis: Redis,
    private readonly backfill: ProgressionBackfillService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if ((await this.redis.exists(RANK_KEY)) === 1) return;
    await this.backfill.rebuildRanks();
    this.logger.log('rank set rebuilt from member totals');
  }
}
