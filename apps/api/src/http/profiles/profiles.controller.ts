import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { PublicProfile } from '@kickback/contracts';
import { CurrentUser, ok, type SessionUser } from '@kickback/platform';
import { ProfilesService } from '@kickback/domain';

/** SPEC §7 GET /user/{username}: anyone may read a public profile; the friendship flags are the viewer's. */
@ApiTags('profiles')
@Controller('api/r/user')
export class ProfilesController {
  constructor(private readonly profiles: ProfilesService) {}

  @Get(':username')
  async profile(@CurrentUser() viewer: SessionUser | null, @Param('username') username: string) {
    return ok<PublicProfile>(await this.profiles.profile(username, viewer?.id ?? null));
  }
}
