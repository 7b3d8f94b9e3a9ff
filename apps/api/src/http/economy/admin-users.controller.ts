import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { adminPointsAdjustSchema, adminUsersListQuerySchema, type AdminPointsAdjust, type AdminUsersListQuery } from '@kickback/contracts';
import { CurrentUser, Roles, ok, zodPipe, type SessionUser, paged, RowIdParam } from '@kickback/platform';
import { AdminPointsService, AdminUsersService, EconomyService } from '@kickback/domain';

const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }).strict();

@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/users')
export class AdminUsersController {
  constructor(
    private readonly users: AdminUsersService,
    private readonly economy: EconomyService,
    private readonly adminPoints: AdminPointsService,
  ) {}

  @Get()
  async list(@Query(zodPipe(adminUsersListQuerySchema)) query: AdminUsersListQuery) {
    return paged(await this.users.list(query.search, query.page));
  }

  @Get(':id/points')
  async ledger(@RowIdParam('User not found.') id: number, @Query(zodPipe(pageQuery)) query: { page: number }) {
    return ok(await this.economy.history(id, query.page));
  }

  @Post(':id/points')
  async adjust(
    @CurrentUser() actor: SessionUser,
    @RowIdParam('User not found.') id: number,
    @Body(zodPipe(adminPointsAdjustSchema)) body: AdminPointsAdjust,
  ) {
    const result = await this.adminPoints.adjust(actor.id, id, body.delta, body.note);
    return ok(result, body.delta > 0 ? `Granted ${body.delta} points.` : `Deducted ${-body.delta} points.`);
  }
}
