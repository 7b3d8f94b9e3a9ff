import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  adminHuntCreateSchema,
  adminHuntGameAddSchema,
  adminHuntGameReorderSchema,
  adminHuntGameRestoreSchema,
  adminHuntGameUpdateSchema,
  adminHuntPredictionsSchema,
  adminHuntStatusSchema,
  adminHuntUpdateSchema,
  huntPageQuerySchema,
  type AdminHuntCreate,
  type AdminHuntGameAdd,
  type AdminHuntGameRestore,
  type AdminHuntGameUpdate,
  type AdminHuntUpdate,
} from '@kickback/contracts';
import { CurrentUser, GoLive, Roles, ok, zodPipe, type SessionUser, paged, RowIdParam } from '@kickback/platform';
import { AdminBonusHuntsService } from '@kickback/domain';

/** Building and running hunts on stream; every change is audited and pushed live. */
@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/bonus-hunts')
export class AdminBonusHuntsController {
  constructor(private readonly hunts: AdminBonusHuntsService) {}

  @Get()
  @GoLive()
  async list(@Query(zodPipe(huntPageQuerySchema)) query: { page: number }) {
    return paged(await this.hunts.list(query.page));
  }

  @Post()
  @GoLive()
  async create(@CurrentUser() user: SessionUser, @Body(zodPipe(adminHuntCreateSchema)) body: AdminHuntCreate) {
    return ok(await this.hunts.create(user.id, body), 'Hunt created.');
  }

  @Get(':id')
  @GoLive()
  async detail(@RowIdParam('Bonus hunt not found.') id: number) {
    return ok(await this.hunts.detail(id));
  }

  @Put(':id')
  async update(
    @CurrentUser() user: SessionUser,
    @RowIdParam('Bonus hunt not found.') id: number,
    @Body(zodPipe(adminHuntUpdateSchema)) body: AdminHuntUpdate,
  ) {
    return ok(await this.hunts.update(user.id, id, body), 'Hunt saved.');
  }

  @Post(':id/predictions')
  @GoLive()
  async predictions(
    @CurrentUser() user: SessionUser,
    @RowIdParam('Bonus hunt not found.') id: number,
    @Body(zodPipe(adminHuntPredictionsSchema)) body: { active: boolean },
  ) {
    return ok(await this.hunts.setPredictions(user.id, id, body.active), body.active ? 'Predictions opened.' : 'Predictions closed.');
  }

  @Post(':id/status')
  @GoLive()
  async status(
    @CurrentUser() user: SessionUser,
    @RowIdParam('Bonus hunt not found.') id: number,
    @Body(zodPipe(adminHuntStatusSchema)) body: { status: 'opening' | 'completed' },
  ) {
    if (body.status === 'opening') return ok(await this.hunts.startOpening(user.id, id), 'Opening started. Predictions are closed.');
    return ok(await this.hunts.complete(user.id, id), 'Hunt completed. Predictions are being scored.');
  }

  @Post(':id/games')
  @GoLive()
  async addGame(
    @CurrentUser() user: SessionUser,
    @RowIdParam('Bonus hunt not found.') id: number,
    @Body(zodPipe(adminHuntGameAddSchema)) body: AdminHuntGameAdd,
  ) {
    return ok(await this.hunts.addGame(user.id, id, body), 'Slot added.');
  }

  @Post(':id/games/restore')
  @GoLive()
  async restoreGame(
    @CurrentUser() user: SessionUser,
    @RowIdParam('Bonus hunt not found.') id: number,
    @Body(zodPipe(adminHuntGameRestoreSchema)) body: AdminHuntGameRestore,
  ) {
    return ok(await this.hunts.restoreGame(user.id, id, body), 'Slot put back.');
  }

  @Post(':id/games/reorder')
  async reorder(
    @CurrentUser() user: SessionUser,
    @RowIdParam('Bonus hunt not found.') id: number,
    @Body(zodPipe(adminHuntGameReorderSchema)) body: { ids: number[] },
  ) {
    return ok(await this.hunts.reorderGames(user.id, id, body.ids), 'Order saved.');
  }

  @Put(':id/games/:gameId')
  @GoLive()
  async updateGame(
    @CurrentUser() user: SessionUser,
    @RowIdParam('Bonus hunt not found.') id: number,
    @RowIdParam('Slot not found in this hunt.', 'gameId') gameId: number,
    @Body(zodPipe(adminHuntGameUpdateSchema)) body: AdminHuntGameUpdate,
  ) {
    return ok(await this.hunts.updateGame(user.id, id, gameId, body), 'Slot saved.');
  }

  @Delete(':id/games/:gameId')
  @GoLive()
  async removeGame(
    @CurrentUser() user: SessionUser,
    @RowIdParam('Bonus hunt not found.') id: number,
    @RowIdParam('Slot not found in this hunt.', 'gameId') gameId: number,
  ) {
    return ok(await this.hunts.removeGame(user.id, id, gameId), 'Slot removed.');
  }
}
