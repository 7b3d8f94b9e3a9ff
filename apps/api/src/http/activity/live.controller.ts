import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ok } from '@kickback/platform';
import { LiveStateService } from '@kickback/domain';

@ApiTags('activity')
@Controller('api/r')
export class LiveController {
  constructor(private readonly live: LiveStateService) {}

  /** Whether the streamer is live; open pages then follow 'site:live' in room 'site'. */
  @Get('live')
  async get() {
    return ok(await this.live.get());
  }
}
