import { Body, Controller, Get, Header, HttpCode, Post, Put, StreamableFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  SAFETY_MESSAGES,
  endBreakSchema,
  safetyCountryInputSchema,
  safetyCountryUpdateSchema,
  safetySettingsSchema,
  type SafetySettingsUpdate,
} from '@kickback/contracts';
import { CurrentUser, Roles, ok, zodPipe, type SessionUser } from '@kickback/platform';
import { SafetyAdminService, MemberBreaksService } from '@kickback/domain';
import { adminCatalogue } from '../admin-catalogue.controller';

/** The admin's safer-gambling settings, records export, and ending an "until I ask" break. */
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

/** The per-country rows of the safer-gambling settings. */
@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/safety/countries')
export class AdminSafetyCountriesController extends adminCatalogue(SafetyAdminService, {
  notFound: 'Country not found.',
  list: (safety) => safety.countries(),
  create: {
    schema: safetyCountryInputSchema,
    run: (safety, actorId, input) => safety.createCountry(actorId, input),
    done: 'Country added.',
  },
  update: {
    schema: safetyCountryUpdateSchema,
    run: (safety, actorId, id, changes) => safety.updateCountry(actorId, id, changes),
    done: 'Country updated.',
  },
  remove: { run: (safety, actorId, id) => safety.removeCountry(actorId, id).then(() => null), done: 'Country removed.' },
}) {}
