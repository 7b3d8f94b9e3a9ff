import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Put, StreamableFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  SAFETY_MESSAGES,
  endBreakSchema,
  safetyCountryInputSchema,
  safetyCountryUpdateSchema,
  safetySettingsSchema,
  type SafetyCountryInput,
  type SafetySettingsUpdate,
} from '@kickback/contracts';
import { CurrentUser, Roles, ok, rowId, zodPipe, type SessionUser } from '@kickback/platform';
import { SafetyAdminService, MemberBreaksService } from '@kickback/domain';

/** The admin's safer-gambling settings, per-country rows, records export, and ending an "until I ask" break. */
@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/safety')
export class AdminSafetyController {
  constructor(
    private readonly admin: SafetyAdminService,
    private readonly breaks: MemberBreaksService,
  ) {}

  @Get('settings')
  async settings() {
    return ok(await this.admin.settings());
  }

  @Put('settings')
  async updateSettings(@CurrentUser() user: SessionUser, @Body(zodPipe(safetySettingsSchema)) body: SafetySettingsUpdate) {
    return ok(await this.admin.updateSettings(user.id, body), 'Safer gambling settings saved.');
  }

  @Get('countries')
  async countries() {
    return ok(await this.admin.countries());
  }

  @Post('countries')
  async createCountry(@CurrentUser() user: SessionUser, @Body(zodPipe(safetyCountryInputSchema)) body: SafetyCountryInput) {
    return ok(await this.admin.createCountry(user.id, body), 'Country added.');
  }

  @Put('countries/:id')
  async updateCountry(
    @CurrentUser() user: SessionUser,
    @Param('id', rowId('Country not found.')) id: number,
    @Body(zodPipe(safetyCountryUpdateSchema)) body: Partial<SafetyCountryInput>,
  ) {
    return ok(await this.admin.updateCountry(user.id, id, body), 'Country updated.');
  }

  @Delete('countries/:id')
  async removeCountry(@CurrentUser() user: SessionUser, @Param('id', rowId('Country not found.')) id: number) {
    await this.admin.removeCountry(user.id, id);
    return ok(null, 'Country removed.');
  }

  @Post('breaks/end')
  @HttpCode(200)
  async endBreak(@CurrentUser() user: SessionUser, @Body(zodPipe(endBreakSchema)) body: { username: string }) {
    await this.breaks.endUntilAsked(user.id, body.username);
    return ok(null, SAFETY_MESSAGES.breakLifted);
  }

  /** Age confirmations and breaks for the streamer's records, streamed as the file is read. */
  @Get('records.csv')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Content-Disposition', 'attachment; filename="safer-gambling-records.csv"')
  records() {
    return new StreamableFile(this.admin.exportRecords());
  }
}
