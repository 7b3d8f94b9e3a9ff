import { Body, Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  ADMIN_USER_MESSAGES,
  adminUserBanSchema,
  adminUserRoleSchema,
  type AdminUserBan,
  type AdminUserRoleChange,
} from '@kickback/contracts';
import { CurrentUser, Roles, ok, zodPipe, type SessionUser, RowIdParam } from '@kickback/platform';
import { MemberModerationService } from '@kickback/domain';

/** A member's standing for admins: the detail, the role, bans and unbans (each audited). */
@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/users')
export class AdminUserStandingController {
  constructor(private readonly moderation: MemberModerationService) {}

  @Get(':id')
  async detail(@RowIdParam(ADMIN_USER_MESSAGES.notFound) id: number) {
    return ok(await this.moderation.detail(id));
  }

  @Put(':id/role')
  async role(
    @CurrentUser() actor: SessionUser,
    @RowIdParam(ADMIN_USER_MESSAGES.notFound) id: number,
    @Body(zodPipe(adminUserRoleSchema)) body: AdminUserRoleChange,
  ) {
    return ok(await this.moderation.changeRole(actor.id, id, body.role), ADMIN_USER_MESSAGES.roleChanged);
  }

  @Post(':id/ban')
  @HttpCode(200)
  async ban(
    @CurrentUser() actor: SessionUser,
    @RowIdParam(ADMIN_USER_MESSAGES.notFound) id: number,
    @Body(zodPipe(adminUserBanSchema)) body: AdminUserBan,
  ) {
    return ok(await this.moderation.ban(actor.id, id, body.reason), ADMIN_USER_MESSAGES.banned);
  }

  @Post(':id/unban')
  @HttpCode(200)
  async unban(@CurrentUser() actor: SessionUser, @RowIdParam(ADMIN_USER_MESSAGES.notFound) id: number) {
    return ok(await this.moderation.unban(actor.id, id), ADMIN_USER_MESSAGES.unbanned);
  }
}
