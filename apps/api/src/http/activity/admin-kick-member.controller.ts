import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { KICK_STANDING_MESSAGES } from '@kickback/contracts';
import { CurrentUser, Roles, ok, type SessionUser, RowIdParam } from '@kickback/platform';
import { KickMemberStandingService } from '@kickback/domain';

/** A member's Kick account on the admin's user detail: the chat ban and follow Kick told us of, and their corrections. */
@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/users/:id/kick')
export class AdminKickMemberController {
  constructor(private readonly standing: KickMemberStandingService) {}

  @Get()
  async view(@RowIdParam(KICK_STANDING_MESSAGES.notFound) id: number) {
    return ok(await this.standing.standing(id));
  }

  @Post('clear-ban')
  @HttpCode(200)
  async clearBan(@CurrentUser() actor: SessionUser, @RowIdParam(KICK_STANDING_MESSAGES.notFound) id: number) {
    const cleared = await this.standing.clearBan(actor.id, id);
    return ok(cleared, KICK_STANDING_MESSAGES.cleared[cleared.kick_unban]);
  }

  @Post('follower')
  @HttpCode(200)
  async markFollower(@CurrentUser() actor: SessionUser, @RowIdParam(KICK_STANDING_MESSAGES.notFound) id: number) {
    return ok(await this.standing.markFollower(actor.id, id), KICK_STANDING_MESSAGES.markedFollower);
  }
}
