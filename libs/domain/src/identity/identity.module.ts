import { Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { User } from './user.entity';
import { UsersService } from './users.service';
import { LastSeenHandler } from './last-seen.handler';
import { AdminUsersService } from './admin-users.service';

@Module({
  imports: [MikroOrmModule.forFeature([User])],
  providers: [UsersService, LastSeenHandler, AdminUsersService],
  exports: [UsersService, AdminUsersService],
})
export class IdentityModule {}
