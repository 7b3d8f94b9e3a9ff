import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { RACE_MESSAGES, raceInputSchema, raceUpdateSchema, type RaceInput, type RaceUpdate } from '@kickback/contracts';
import { CurrentUser, GoLive, Roles, ok, rowId, zodPipe, type SessionUser } from '@kickback/platform';
import { RaceRefreshService, RacesAdminService } from '@kickback/domain';

/** Wager races: create, edit, cancel and delete (every change audited; the worker follows with the race's jobs). */
@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/races')
export class AdminRacesController {
  constructor(
    private readonly races: RacesAdminService,
    private readonly refresher: RaceRefreshService,
  ) {}

  /** Go live lists the races too, to put one on stream. */
  @Get()
  @GoLive()
  async list() {
    return ok(await this.races.list());
  }

  @Post()
  async create(@CurrentUser() user: SessionUser, @Body(zodPipe(raceInputSchema)) body: RaceInput) {
    return ok(await this.races.create(user.id, body), 'Race created.');
  }

  @Get(':id')
  async get(@Param('id', rowId(RACE_MESSAGES.notFound)) id: number) {
    return ok(await this.races.get(id));
  }

  @Put(':id')
  async update(
    @CurrentUser() user: SessionUser,
    @Param('id', rowId(RACE_MESSAGES.notFound)) id: number,
    @Body(zodPipe(raceUpdateSchema)) body: RaceUpdate,
  ) {
    return ok(await this.races.update(user.id, id, body), 'Race saved.');
  }

  @Post(':id/cancel')
  async cancel(@CurrentUser() user: SessionUser, @Param('id', rowId(RACE_MESSAGES.notFound)) id: number) {
    return ok(await this.races.cancel(user.id, id), RACE_MESSAGES.cancelled);
  }

  /** Fetches and ranks the race now (after a manual CSV import, say) instead of at the next interval. */
  @Post(':id/refresh')
  async refresh(@Param('id', rowId(RACE_MESSAGES.notFound)) id: number) {
    await this.races.get(id);
    const outcome = await this.refresher.run(id);
    return ok(await this.races.get(id), RACE_MESSAGES.refreshed(outcome.status, outcome.error));
  }

  @Delete(':id')
  async remove(@CurrentUser() user: SessionUser, @Param('id', rowId(RACE_MESSAGES.notFound)) id: number) {
    return ok(undefined, await this.races.remove(user.id, id));
  }
}
