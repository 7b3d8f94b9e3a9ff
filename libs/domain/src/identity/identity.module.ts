import { Module } from '@nestjs/common';
import { IdentityRepository } from './identity.repository';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { User } from './user.entity';
import { UsersService } from './users.service';
import { LastSeenHandler } from './last-seen.handler';
import { AdminUsersService } from './admin-users.service';
import { MemberSettingsService } from './member-settings.service';
import { MemberModerationService } from './member-moderation.service';
import { MemberSessions } from '@kickback/platform';

@Module({
  imports: [MikroOrmModule.forFeature([User])],
  providers: [
    IdentityRepository,
    UsersService,
    LastSeenHandler,
    AdminUsersService,
    MemberSettingsService,
    MemberModerationService,
    MemberSessions,
  ],
  exports: [UsersService, AdminUsersService, MemberSettingsService, MemberModerationService, MemberSessions],
})
export class IdentityModule {}
