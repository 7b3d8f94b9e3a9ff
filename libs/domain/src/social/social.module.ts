import { Module } from '@nestjs/common';
import { ProgressionModule } from '../progression/progression.module';
import { FriendsEventsHandler } from './friends-events.handler';
import { FriendshipsRepository } from './friendships.repository';
import { FriendshipsService } from './friendships.service';
import { ProfilesRepository } from './profiles.repository';
import { ProfilesService } from './profiles.service';

/** Public profiles and friendships; the rank and XP come from progression. */
@Module({
  imports: [ProgressionModule],
  providers: [FriendshipsRepository, ProfilesRepository, FriendshipsService, ProfilesService, FriendsEventsHandler],
  exports: [FriendshipsService, ProfilesService],
})
export class SocialModule {}
