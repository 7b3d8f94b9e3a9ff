import { Module } from '@nestjs/common';
import { AnnouncementsModule } from '@kickback/domain';
import { AdminAnnouncementsController } from './admin-announcements.controller';

/** The admin's Announcements section over HTTP (the worker sends the deliveries). */
@Module({
  imports: [AnnouncementsModule],
  controllers: [AdminAnnouncementsController],
})
export class AnnouncementsHttpModule {}
