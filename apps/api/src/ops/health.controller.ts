import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { HealthCheckService, MikroOrmHealthIndicator, type HealthIndicatorResult } from '@nestjs/terminus';
import type { Request, Response } from 'express';
import type Redis from 'ioredis';
import { AppConfig, InjectRedis, fail, readWorkerHeartbeat } from '@kickback/platform';
import { proxiedRequest } from './proxied-request';
import { register } from './metrics';

/**
 * Liveness (process answers), readiness (PostgreSQL and Redis reachable) and Prometheus metrics. Readiness also
 * reports the worker's heartbeat but does not fail on it: a stopped worker must not take the site offline with it,
 * only make it visible (the worker's own probes restart it).
 */
@ApiTags('ops')
@Controller()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly db: MikroOrmHealthIndicator,
    @InjectRedis() private readonly redis: Redis,
    private readonly config: AppConfig,
  ) {}

  @Get('healthz')
  live() {
    return { status: 'ok' };
  }

  @Get('readyz')
  async ready(@Res() res: Response): Promise<void> {
    try {
      const result = await this.health.check([
        () => this.db.pingCheck('database', { timeout: 2000 }),
        async (): Promise<HealthIndicatorResult> => {
          await this.redis.ping();
          return { redis: { status: 'up' } };
        },
      ]);
      res.status(200).json({ ...result, worker: await readWorkerHeartbeat(this.redis) });
    } catch (err) {
      const body = (err as { getResponse?: () => unknown }).getResponse?.() ?? { status: 'error', error: { redis: { status: 'down' } } };
      res.status(503).json(body);
    }
  }

  @Get('metrics')
  async metrics(@Req() req: Request, @Res() res: Response): Promise<void> {
    if (this.config.isProduction && proxiedRequest(req.headers)) {
      res.status(404).json(fail('Not found.'));
      return;
    }
    res.type(register.contentType).send(await register.metrics());
  }
}
