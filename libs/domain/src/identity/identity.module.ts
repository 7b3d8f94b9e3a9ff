import { Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { User } from './user.entity';
import { UsersService } from './users.service';
import { LastSeenHandler } from './last-seen.handler';

@Module({
  imports: [MikroOrmModule.forFeature([User])],
  providers: [UsersService, LastSeenHandler],
  exports: [UsersService],
})
export class IdentityModule {}
