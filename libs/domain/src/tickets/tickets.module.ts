import { Module } from '@nestjs/common';
import { StorageModule } from '@kickback/platform';
import { TicketEventsHandler } from './ticket-events.handler';
import { TicketImagesService } from './ticket-images.service';
import { AdminTicketsService } from './admin-tickets.service';
import { TicketsService } from './tickets.service';
import { TicketCategoriesRepository } from './ticket-categories.repository';
import { TicketsRepository } from './tickets.repository';

/** Imports storage itself: the worker runs the event handler without the API's global StorageModule. */
@Module({
  imports: [StorageModule],
  providers: [TicketsRepository, TicketCategoriesRepository, TicketImagesService, TicketsService, AdminTicketsService, TicketEventsHandler],
  exports: [TicketImagesService, TicketsService, AdminTicketsService],
})
export class TicketsModule {}
