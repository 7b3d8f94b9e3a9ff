import { Controller, Get, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ApiTags } from '@nestjs/swagger';
import { platformInputSchema, platformUpdateSchema } from '@kickback/contracts';
import { CurrentUser, Roles, ok, type SessionUser, RowIdParam } from '@kickback/platform';
import { ManualImportService, PlatformsService } from '@kickback/domain';
import { csvFromRequest } from './csv-request-body';
import { ReadsRawBody } from '../../security/declared-input';
import { adminCatalogue } from '../admin-catalogue.controller';

@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/leaderboard/platforms')
export class AdminLeaderboardController extends adminCatalogue(PlatformsService, {
  notFound: 'Platform not found.',
  list: (platforms) => platforms.list(),
  goLive: ['list'],
  get: (platforms, id) => platforms.get(id),
  create: { schema: platformInputSchema, run: (platforms, actorId, input) => platforms.create(actorId, input), done: 'Platform created.' },
  update: {
    schema: platformUpdateSchema,
    run: (platforms, actorId, id, changes) => platforms.update(actorId, id, changes),
    done: 'Platform saved.',
  },
  remove: { run: (platforms, actorId, id) => platforms.remove(actorId, id), done: 'Platform deleted.' },
}) {
  constructor(private readonly imports: ManualImportService) {
    super();
  }

  /** Parses a CSV (a text/csv body, or JSON {csv}) and shows what an import would store; changes nothing. */
  @Post('import-preview')
  @ReadsRawBody()
  async preview(@Req() req: Request) {
    return ok(await this.imports.preview(await csvFromRequest(req)));
  }

  @Post(':id/test')
  async test(@RowIdParam('Platform not found.') id: number) {
    return ok(await this.service.testConnection(id));
  }

  @Get(':id/fetches')
  async fetches(@RowIdParam('Platform not found.') id: number) {
    return ok(await this.service.fetchHistory(id));
  }

  @Post(':id/import')
  @ReadsRawBody()
  async import(@CurrentUser() user: SessionUser, @RowIdParam('Platform not found.') id: number, @Req() req: Request) {
    const result = await this.imports.import(user.id, id, await csvFromRequest(req));
    return ok(result, `Imported ${result.total_rows} players.`);
  }
}
