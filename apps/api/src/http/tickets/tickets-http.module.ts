import { Module } from '@nestjs/common';
import { TicketsModule } from '@kickback/domain';
import { AdminTicketCategoriesController } from './admin-ticket-categories.controller';
import { AdminTicketsController } from './admin-tickets.controller';
import { TicketsController } from './tickets.controller';

/** Support tickets with private images; the staff queue and the admin's categories. */
@Module({
  imports: [TicketsModule],
  controllers: [TicketsController, AdminTicketsController, AdminTicketCategoriesController],
})
export class TicketsHttpModule {}
