import { Module } from '@nestjs/common';
import { AnnouncementCipher } from './announcement-cipher';
import { AnnouncementFanOutService } from './announcement-fan-out.service';
import { AnnouncementHooksService } from './announcement-hooks.service';
import { AnnouncementsRepository } from './announcements.repository';

/** Announcement hooks for the api's admin section; the worker adds AnnouncementJobsModule to send. */
@Module({
  providers: [AnnouncementsRepository, AnnouncementCipher, AnnouncementFanOutService, AnnouncementHooksService],
  exports: [AnnouncementsRepository, AnnouncementCipher, AnnouncementFanOutService, AnnouncementHooksService],
})
export class AnnouncementsModule {}
