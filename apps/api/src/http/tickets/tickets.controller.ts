import { Body, Controller, Get, Header, HttpCode, Post, Req, Res, UseInterceptors } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import {
  MAX_TICKET_IMAGES,
  TICKET_MESSAGES,
  ticketCreateSchema,
  ticketReplySchema,
  type TicketCreateInput,
  type TicketReplyInput,
} from '@kickback/contracts';
import { Authenticated, CurrentUser, notFound, ok, zodPipe, type SessionUser, RowIdParam } from '@kickback/platform';
import { TicketImagesService, TicketsService } from '@kickback/domain';
import { EntityManager } from '@mikro-orm/postgresql';
import { TicketImagesInterceptor, uploadedImages } from './ticket-images.interceptor';
import { TicketReplyRoute } from './ticket-reply.route';
import { sendPrivateImage } from '../private-image';

/** SPEC §7 ticket calls: a member sees and answers only their own tickets. */
@ApiTags('tickets')
@Authenticated()
@Controller('api/r/tickets')
export class TicketsController {
  constructor(
    private readonly tickets: TicketsService,
    private readonly images: TicketImagesService,
    private readonly em: EntityManager,
  ) {}

  @Get()
  async list(@CurrentUser() user: SessionUser) {
    return ok(await this.tickets.listOwn(user.id));
  }

  @Get('categories')
  async categories() {
    return ok(await this.tickets.categories());
  }

  /** Private attachments: only the ticket's owner, staff and admins; never cached by shared caches. */
  @Get('images/:imageId')
  async image(@CurrentUser() user: SessionUser, @RowIdParam('Image not found.', 'imageId') imageId: number, @Res() res: Response) {
    const path = await this.images.pathFor(this.em.fork(), imageId, user.id);
    if (!path) throw notFound('Image not found.');
    sendPrivateImage(res, path, 'Image not found.');
  }

  @Get(':id')
  @Header('Cache-Control', 'no-store')
  async get(@CurrentUser() user: SessionUser, @RowIdParam(TICKET_MESSAGES.notFound) id: number) {
    return ok(await this.tickets.getOwn(user.id, id));
  }

  @Post()
  @HttpCode(200)
  @Throttle({ default: { limit: 10, ttl: 600_000 } })
  @UseInterceptors(TicketImagesInterceptor(MAX_TICKET_IMAGES, TICKET_MESSAGES.tooManyTicketImages))
  async create(@CurrentUser() user: SessionUser, @Req() req: Request, @Body(zodPipe(ticketCreateSchema)) body: TicketCreateInput) {
    return ok(await this.tickets.create(user.id, body, uploadedImages(req)), TICKET_MESSAGES.created);
  }

  @TicketReplyRoute(30)
  async reply(
    @CurrentUser() user: SessionUser,
    @RowIdParam(TICKET_MESSAGES.notFound) id: number,
    @Req() req: Request,
    @Body(zodPipe(ticketReplySchema)) body: TicketReplyInput,
  ) {
    return ok(await this.tickets.reply({ userId: user.id, staff: false }, id, body, uploadedImages(req)), TICKET_MESSAGES.replied);
  }
}
