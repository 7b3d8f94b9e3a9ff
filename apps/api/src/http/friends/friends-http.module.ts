import { Module } from '@nestjs/common';
import { SocialModule } from '@kickback/domain';
import { FriendsController } from './friends.controller';

@Module({
  imports: [SocialModule],
  controllers: [FriendsController],
})
export class FriendsHttpModule {}
