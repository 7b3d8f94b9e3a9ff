import { Body, Controller, Get, Patch, Query, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import {
  TICKET_MESSAGES,
  adminTicketUpdateSchema,
  adminTicketsQuerySchema,
  ticketReplySchema,
  type AdminTicketUpdate,
  type AdminTicketsQuery,
  type TicketReplyInput,
} from '@kickback/contracts';
import { CurrentUser, Roles, ok, zodPipe, type SessionUser, paged, RowIdParam } from '@kickback/platform';
import { AdminTicketsService, TicketsService } from '@kickback/domain';
import { uploadedImages } from './ticket-images.interceptor';
import { TicketReplyRoute } from './ticket-reply.route';

/** The support queue for staff and admins; replies are flagged is_admin, changes audited. */
@ApiTags('admin')
@Roles('Admin', 'staff')
@Controller('api/admin/tickets')
export class AdminTicketsController {
  constructor(
    private readonly admin: AdminTicketsService,
    private readonly tickets: TicketsService,
  ) {}

  @Get()
  async list(@Query(zodPipe(adminTicketsQuerySchema)) query: AdminTicketsQuery) {
    return paged(await this.admin.list(query));
  }

  @Get(':id')
  async get(@RowIdParam(TICKET_MESSAGES.notFound) id: number) {
    return ok(await this.admin.get(id));
  }

  @TicketReplyRoute(60)
  async reply(
    @CurrentUser() user: SessionUser,
    @RowIdParam(TICKET_MESSAGES.notFound) id: number,
    @Req() req: Request,
    @Body(zodPipe(ticketReplySchema)) body: TicketReplyInput,
  ) {
    return ok(await this.tickets.reply({ userId: user.id, staff: true }, id, body, uploadedImages(req)), TICKET_MESSAGES.replied);
  }

  @Patch(':id')
  async update(
    @CurrentUser() user: SessionUser,
    @RowIdParam(TICKET_MESSAGES.notFound) id: number,
    @Body(zodPipe(adminTicketUpdateSchema)) body: AdminTicketUpdate,
  ) {
    return ok(await this.admin.update(user.id, id, body), 'Ticket updated.');
  }
}
