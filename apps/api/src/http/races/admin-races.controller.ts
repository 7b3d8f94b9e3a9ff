import { Controller, Delete, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { RACE_MESSAGES, raceInputSchema, raceUpdateSchema } from '@kickback/contracts';
import { CurrentUser, Roles, ok, type SessionUser, RowIdParam } from '@kickback/platform';
import { RaceRefreshService, RacesAdminService } from '@kickback/domain';
import { adminCatalogue } from '../admin-catalogue.controller';

/** Wager races: create, edit, cancel and delete (every change audited; the worker follows with the race's jobs). */
@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/races')
export class AdminRacesController extends adminCatalogue(RacesAdminService, {
  notFound: RACE_MESSAGES.notFound,
  list: (races) => races.list(),
  /** Go live lists the races too, to put one on stream. */
  goLive: ['list'],
  get: (races, id) => races.get(id),
  create: { schema: raceInputSchema, run: (races, actorId, input) => races.create(actorId, input), done: 'Race created.' },
  update: { schema: raceUpdateSchema, run: (races, actorId, id, changes) => races.update(actorId, id, changes), done: 'Race saved.' },
}) {
  constructor(private readonly refresher: RaceRefreshService) {
    super();
  }

  @Post(':id/cancel')
  async cancel(@CurrentUser() user: SessionUser, @RowIdParam(RACE_MESSAGES.notFound) id: number) {
    return ok(await this.service.cancel(user.id, id), RACE_MESSAGES.cancelled);
  }

  /** Fetches and ranks the race now (after a manual CSV import, say) instead of at the next interval. */
  @Post(':id/refresh')
  async refresh(@RowIdParam(RACE_MESSAGES.notFound) id: number) {
    await this.service.get(id);
    const outcome = await this.refresher.run(id);
    return ok(await this.service.get(id), RACE_MESSAGES.refreshed(outcome.status, outcome.error));
  }

  @Delete(':id')
  override async remove(@CurrentUser() user: SessionUser, @RowIdParam(RACE_MESSAGES.notFound) id: number) {
    return ok(undefined, await this.service.remove(user.id, id));
  }
}
