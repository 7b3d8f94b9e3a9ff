import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { achievementInputSchema, achievementUpdateSchema, type AchievementInput, type AchievementUpdate } from '@kickback/contracts';
import { CurrentUser, Roles, ok, rowId, zodPipe, type SessionUser } from '@kickback/platform';
import { AdminProgressionService } from '@kickback/domain';

/** The achievements catalogue: admins only, every change audited. */
@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/achievements')
export class AdminAchievementsController {
  constructor(private readonly admin: AdminProgressionService) {}

  @Get()
  async list() {
    return ok(await this.admin.achievements());
  }

  @Post()
  @HttpCode(201)
  async create(@CurrentUser() user: SessionUser, @Body(zodPipe(achievementInputSchema)) body: AchievementInput) {
    return ok(await this.admin.createAchievement(user.id, body), 'Achievement created.');
  }

  @Put(':id')
  async update(
    @CurrentUser() user: SessionUser,
    @Param('id', rowId('Achievement not found.')) id: number,
    @Body(zodPipe(achievementUpdateSchema)) body: AchievementUpdate,
  ) {
    return ok(await this.admin.updateAchievement(user.id, id, body), 'Achievement updated.');
  }

  @Delete(':id')
  async remove(@CurrentUser() user: SessionUser, @Param('id', rowId('Achievement not found.')) id: number) {
    await this.admin.deleteAchievement(user.id, id);
    return ok(undefined, 'Achievement deleted.');
  }
}
