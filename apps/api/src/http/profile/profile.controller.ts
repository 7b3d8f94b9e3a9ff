import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  PROFILE_MESSAGES,
  disconnectKickSchema,
  profileUpdateSchema,
  type MemberSettings,
  type ProfileUpdate,
  type ProfileUpdateResponse,
} from '@kickback/contracts';
import { Authenticated, CurrentUser, ok, zodPipe, type SessionUser } from '@kickback/platform';
import { MemberSettingsService } from '@kickback/domain';

/** SPEC §7 settings calls: the member's own settings, one section per update, and unlinking Kick. */
@ApiTags('profile')
@Controller('api/r/profile')
@Authenticated()
export class ProfileController {
  constructor(private readonly settings: MemberSettingsService) {}

  @Get('settings')
  async get(@CurrentUser() user: SessionUser) {
    return ok<MemberSettings>(await this.settings.get(user.id));
  }

  @Post('update')
  @HttpCode(200)
  async update(@CurrentUser() user: SessionUser, @Body(zodPipe(profileUpdateSchema)) body: ProfileUpdate): Promise<ProfileUpdateResponse> {
    const result = await this.settings.update(user.id, body);
    return { success: true, message: PROFILE_MESSAGES[result.section], user: result.user };
  }

  @Post('disconnect-kick')
  @HttpCode(200)
  async disconnectKick(
    @CurrentUser() user: SessionUser,
    @Body(zodPipe(disconnectKickSchema)) _body: object,
  ): Promise<ProfileUpdateResponse> {
    const updated = await this.settings.disconnectKick(user.id);
    return { success: true, message: PROFILE_MESSAGES.kickDisconnected, user: updated };
  }
}
