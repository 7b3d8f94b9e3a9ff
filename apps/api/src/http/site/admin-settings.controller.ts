import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { updateSiteSettingsSchema, type UpdateSiteSettingsRequest } from '@kickback/contracts';
import { CurrentUser, Roles, ok, zodPipe, type SessionUser } from '@kickback/platform';
import { SiteSettingsService } from '@kickback/domain';

@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/settings')
export class AdminSettingsController {
  constructor(private readonly settings: SiteSettingsService) {}

  @Get()
  async get() {
    return ok(await this.settings.getAdmin());
  }

  @Put()
  async update(@CurrentUser() user: SessionUser, @Body(zodPipe(updateSiteSettingsSchema)) body: UpdateSiteSettingsRequest) {
    return ok(await this.settings.update(user.id, body), 'Settings saved.');
  }
}
