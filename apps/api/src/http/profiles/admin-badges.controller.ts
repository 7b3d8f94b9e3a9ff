import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { badgeInputSchema, badgeUpdateSchema, type BadgeInput, type BadgeUpdate } from '@kickback/contracts';
import { CurrentUser, Roles, ok, rowId, zodPipe, type SessionUser } from '@kickback/platform';
import { AdminProgressionService } from '@kickback/domain';

/** The badges catalogue: admins only, every change audited. */
@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/badges')
export class AdminBadgesController {
  constructor(private readonly admin: AdminProgressionService) {}

  @Get()
  async list() {
    return ok(await this.admin.badges());
  }

  @Post()
  @HttpCode(201)
  async create(@CurrentUser() user: SessionUser, @Body(zodPipe(badgeInputSchema)) body: BadgeInput) {
    return ok(await this.admin.createBadge(user.id, body), 'Badge created.');
  }

  @Put(':id')
  async update(
    @CurrentUser() user: SessionUser,
    @Param('id', rowId('Badge not found.')) id: number,
    @Body(zodPipe(badgeUpdateSchema)) body: BadgeUpdate,
  ) {
    return ok(await this.admin.updateBadge(user.id, id, body), 'Badge updated.');
  }

  @Delete(':id')
  async remove(@CurrentUser() user: SessionUser, @Param('id', rowId('Badge not found.')) id: number) {
    await this.admin.deleteBadge(user.id, id);
    return ok(undefined, 'Badge deleted.');
  }
}
