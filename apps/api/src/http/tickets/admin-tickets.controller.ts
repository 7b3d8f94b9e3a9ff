import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, Req, UseInterceptors } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import type { Request } from 'express';
import {
  MAX_REPLY_IMAGES,
  TICKET_MESSAGES,
  adminTicketUpdateSchema,
  adminTicketsQuerySchema,
  ticketReplySchema,
  type AdminTicketUpdate,
  type AdminTicketsQuery,
  type TicketReplyInput,
} from '@kickback/contracts';
import { CurrentUser, Roles, ok, zodPipe, type SessionUser, paged } from '@kickback/platform';
import { AdminTicketsService, TicketsService } from '@kickback/domain';
import { TicketImagesInterceptor, uploadedImages } from './ticket-images.interceptor';
import { rowId } from '@kickback/platform';

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
  async get(@Param('id', rowId(TICKET_MESSAGES.notFound)) id: number) {
    return ok(await this.admin.get(id));
  }

  @Post(':id/reply')
  @HttpCode(200)
  @Throttle({ default: { limit: 60, ttl: 60_000 } })
  @UseInterceptors(TicketImagesInterceptor(MAX_REPLY_IMAGES, TICKET_MESSAGES.tooManyReplyImages))
  async reply(
    @CurrentUser() user: SessionUser,
    @Param('id', rowId(TICKET_MESSAGES.notFound)) id: number,
    @Req() req: Request,
    @Body(zodPipe(ticketReplySchema)) body: TicketReplyInput,
  ) {
    return ok(await this.tickets.reply({ userId: user.id, staff: true }, id, body, uploadedImages(req)), TICKET_MESSAGES.replied);
  }

  @Patch(':id')
  async update(
    @CurrentUser() user: SessionUser,
    @Param('id', rowId(TICKET_MESSAGES.notFound)) id: number,
    @Body(zodPipe(adminTicketUpdateSchema)) body: AdminTicketUpdate,
  ) {
    return ok(await this.admin.update(user.id, id, body), 'Ticket updated.');
  }
}
