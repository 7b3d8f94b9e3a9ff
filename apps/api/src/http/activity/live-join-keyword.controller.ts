import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { JoinKeywordView } from '@kickback/contracts';
import { GoLive, ok } from '@kickback/platform';
import { AdminActivityService } from '@kickback/domain';

/** Go live's raffle panel names the chat keyword; moderators run Go live but may not read the earning rules. */
@ApiTags('admin')
@GoLive()
@Controller('api/admin/activity/join-keyword')
export class LiveJoinKeywordController {
  constructor(private readonly activity: AdminActivityService) {}

  @Get()
  async joinKeyword() {
    const { join_keyword, chat_commands_enabled } = await this.activity.rules();
    const view: JoinKeywordView = { join_keyword, chat_commands_enabled };
    return ok(view);
  }
}
