import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import { InjectRedis, WORKER_BEAT_EVERY_MS, beatWorkerHeartbeat } from '@kickback/platform';

/** Tells the api this worker is alive, so /readyz and Go live can say when draws and redemptions have stopped. */
@Injectable()
export class WorkerHeartbeatService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(WorkerHeartbeatService.name);
  private timer: NodeJS.Timeout | null = null;

  constructor(@InjectRedis() private readonly redis: Redis) {}

  onApplicationBootstrap(): void {
    void this.beat();
    this.timer = setInterval(() => void this.beat(), WORKER_BEAT_EVERY_MS);
    this.timer.unref();
  }

  private async beat(): Promise<void> {
    // A missed beat during a Redis blip is harmless: the next one writes again, and the api allows four missed beats.
    await beatWorkerHeartbeat(this.redis).catch((err: Error) => this.logger.warn(`heartbeat not written: ${err.message}`));
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
