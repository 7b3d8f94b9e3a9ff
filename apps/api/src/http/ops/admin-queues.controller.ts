import { Controller, Get, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { QueueInspectorService, Roles, ok } from '@kickback/platform';

/** Queue depth and failed jobs for operators, with a retry button. */
@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/queues')
export class AdminQueuesController {
  constructor(private readonly queues: QueueInspectorService) {}

  @Get()
  async list() {
    return ok(await this.queues.summaries());
  }

  @Get(':name/failed')
  async failed(@Param('name') name: string) {
    return ok(await this.queues.failed(name));
  }

  @Post(':name/jobs/:id/retry')
  async retry(@Param('name') name: string, @Param('id') id: string) {
    await this.queues.retry(name, id);
    return ok(undefined, 'Job queued again.');
  }
}
