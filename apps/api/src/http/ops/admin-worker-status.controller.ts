import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type Redis from 'ioredis';
import { GoLive, InjectRedis, ok, readWorkerHeartbeat } from '@kickback/platform';

/** Whether a worker beat lately: Go live warns the streamer when draws, redemptions and XP have stopped. */
@ApiTags('admin')
@GoLive()
@Controller('api/admin/worker-status')
export class AdminWorkerStatusController {
  constructor(@InjectRedis() private readonly redis: Redis) {}

  @Get()
  async status() {
    return ok(await readWorkerHeartbeat(this.redis));
  }
}
