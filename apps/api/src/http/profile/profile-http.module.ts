import { Module } from '@nestjs/common';
import { IdentityModule } from '@kickback/domain';
import { ProfileController } from './profile.controller';

/** The member's own settings (profile, connections, social links). */
@Module({
  imports: [IdentityModule],
  controllers: [ProfileController],
})
export class ProfileHttpModule {}
