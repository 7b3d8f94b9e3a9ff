import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { QUEUES } from '@kickback/contracts';
import { RafflesModule } from '../raffles/raffles.module';
import { BonusHuntsModule } from '../bonus-hunts/bonus-hunts.module';
import { TournamentsModule } from '../tournaments/tournaments.module';
import { SiteModule } from '../site/site.module';
import { RacesModule } from '../leaderboard/races/races.module';
import { AnnouncementsModule } from './announcements.module';
import { AnnouncementBuilderService } from './announcement-builder.service';
import { AnnouncementEventsHandler } from './announcement-events.handler';
import { AnnouncementRaffleStartService } from './announcement-raffle-start.service';
import { AnnouncementSenderService } from './announcement-sender.service';

/** Worker-only: announced events become deliveries, and the announcements queue sends them. */
@Module({
  imports: [
    AnnouncementsModule,
    RafflesModule,
    BonusHuntsModule,
    TournamentsModule,
    SiteModule,
    RacesModule,
    BullModule.registerQueue({ name: QUEUES.announcements }),
  ],
  providers: [AnnouncementBuilderService, AnnouncementEventsHandler, AnnouncementRaffleStartService, AnnouncementSenderService],
  exports: [AnnouncementSenderService, AnnouncementRaffleStartService],
})
export class AnnouncementJobsModule {}
