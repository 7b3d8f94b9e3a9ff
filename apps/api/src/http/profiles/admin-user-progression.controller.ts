import { Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { xpLedgerQuerySchema, type XpLedgerQuery } from '@kickback/contracts';
import { CurrentUser, Roles, ok, zodPipe, type SessionUser, RowIdParam } from '@kickback/platform';
import { AdminProgressionService } from '@kickback/domain';

/** A member's progression in the admin user detail: XP ledger, badge grants and revokes (audited). */
@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/users')
export class AdminUserProgressionController {
  constructor(private readonly admin: AdminProgressionService) {}

  @Get(':id/xp')
  async xp(@RowIdParam('User not found.') id: number, @Query(zodPipe(xpLedgerQuerySchema)) query: XpLedgerQuery) {
    return ok(await this.admin.ledger(id, query));
  }

  @Post(':id/badges/:badgeId')
  @HttpCode(200)
  async grant(
    @CurrentUser() user: SessionUser,
    @RowIdParam('User not found.') id: number,
    @RowIdParam('Badge not found.', 'badgeId') badgeId: number,
  ) {
    return ok(await this.admin.setBadge(user.id, id, badgeId, true), 'Badge granted.');
  }

  @Delete(':id/badges/:badgeId')
  async revoke(
    @CurrentUser() user: SessionUser,
    @RowIdParam('User not found.') id: number,
    @RowIdParam('Badge not found.', 'badgeId') badgeId: number,
  ) {
    return ok(await this.admin.setBadge(user.id, id, badgeId, false), 'Badge revoked.');
  }
}
