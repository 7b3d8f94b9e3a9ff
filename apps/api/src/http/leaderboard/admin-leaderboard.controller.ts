import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { csvImportSchema, platformInputSchema, platformUpdateSchema, type CsvImportRequest, type PlatformInput, type PlatformUpdate } from '@kickback/contracts';
import { CurrentUser, Roles, ok, zodPipe, type SessionUser } from '@kickback/platform';
import { ManualImportService, PlatformsService } from '@kickback/domain';

@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/leaderboard/platforms')
export class AdminLeaderboardController {
  constructor(
    private readonly platforms: PlatformsService,
    private readonly imports: ManualImportService,
  ) {}

  @Get()
  async list() {
    return ok(await this.platforms.list());
  }

  @Post()
  async create(@CurrentUser() user: SessionUser, @Body(zodPipe(platformInputSchema)) body: PlatformInput) {
    return ok(await this.platforms.create(user.id, body), 'Platform created.');
  }

  /** Parses a CSV and shows what an import would store; changes nothing. */
  @Post('import-preview')
  preview(@Body(zodPipe(csvImportSchema)) body: CsvImportRequest) {
    return ok(this.imports.preview(body.csv));
  }

  @Get(':id')
  async get(@Param('id', ParseIntPipe) id: number) {
    return ok(await this.platforms.get(id));
  }

  @Put(':id')
  async update(@CurrentUser() user: SessionUser, @Param('id', ParseIntPipe) id: number, @Body(zodPipe(platformUpdateSchema)) body: PlatformUpdate) {
    return ok(await this.platforms.update(user.id, id, body), 'Platform saved.');
  }

  @Delete(':id')
  async remove(@CurrentUser() user: SessionUser, @Param('id', ParseIntPipe) id: number) {
    await this.platforms.remove(user.id, id);
    return ok(undefined, 'Platform deleted.');
  }

  @Post(':id/test')
  async test(@Param('id', ParseIntPipe) id: number) {
    return ok(await this.platforms.testConnection(id));
  }

  @Get(':id/fetches')
  async fetches(@Param('id', ParseIntPipe) id: number) {
    return ok(await this.platforms.fetchHistory(id));
  }

  @Post(':id/import')
  async import(@CurrentUser() user: SessionUser, @Param('id', ParseIntPipe) id: number, @Body(zodPipe(csvImportSchema)) body: CsvImportRequest) {
    const result = await this.imports.import(user.id, id, body.csv);
    return ok(result, `Imported ${result.total_rows} players.`);
  }
}
