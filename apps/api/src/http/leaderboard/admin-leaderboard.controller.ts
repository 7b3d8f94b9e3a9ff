import { Body, Controller, Delete, Get, Param, Post, Put, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ApiTags } from '@nestjs/swagger';
import { platformInputSchema, platformUpdateSchema, type PlatformInput, type PlatformUpdate } from '@kickback/contracts';
import { CurrentUser, GoLive, Roles, ok, zodPipe, type SessionUser, rowId } from '@kickback/platform';
import { ManualImportService, PlatformsService } from '@kickback/domain';
import { csvFromRequest } from './csv-request-body';
import { ReadsRawBody } from '../../security/declared-input';

@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/leaderboard/platforms')
export class AdminLeaderboardController {
  constructor(
    private readonly platforms: PlatformsService,
    private readonly imports: ManualImportService,
  ) {}

  @Get()
  @GoLive()
  async list() {
    return ok(await this.platforms.list());
  }

  @Post()
  async create(@CurrentUser() user: SessionUser, @Body(zodPipe(platformInputSchema)) body: PlatformInput) {
    return ok(await this.platforms.create(user.id, body), 'Platform created.');
  }

  /** Parses a CSV (a text/csv body, or JSON {csv}) and shows what an import would store; changes nothing. */
  @Post('import-preview')
  @ReadsRawBody()
  async preview(@Req() req: Request) {
    return ok(await this.imports.preview(await csvFromRequest(req)));
  }

  @Get(':id')
  async get(@Param('id', rowId('Platform not found.')) id: number) {
    return ok(await this.platforms.get(id));
  }

  @Put(':id')
  async update(
    @CurrentUser() user: SessionUser,
    @Param('id', rowId('Platform not found.')) id: number,
    @Body(zodPipe(platformUpdateSchema)) body: PlatformUpdate,
  ) {
    return ok(await this.platforms.update(user.id, id, body), 'Platform saved.');
  }

  @Delete(':id')
  async remove(@CurrentUser() user: SessionUser, @Param('id', rowId('Platform not found.')) id: number) {
    await this.platforms.remove(user.id, id);
    return ok(undefined, 'Platform deleted.');
  }

  @Post(':id/test')
  async test(@Param('id', rowId('Platform not found.')) id: number) {
    return ok(await this.platforms.testConnection(id));
  }

  @Get(':id/fetches')
  async fetches(@Param('id', rowId('Platform not found.')) id: number) {
    return ok(await this.platforms.fetchHistory(id));
  }

  @Post(':id/import')
  @ReadsRawBody()
  async import(@CurrentUser() user: SessionUser, @Param('id', rowId('Platform not found.')) id: number, @Req() req: Request) {
    const result = await this.imports.import(user.id, id, await csvFromRequest(req));
    return ok(result, `Imported ${result.total_rows} players.`);
  }
}
