import { HttpCode, Post, UseInterceptors, applyDecorators } from '@nestjs/common';
import { Throttle } from '@nestjs/throttler';
import { MAX_REPLY_IMAGES, TICKET_MESSAGES } from '@kickback/contracts';
import { TicketImagesInterceptor } from './ticket-images.interceptor';

/**
 * `POST :id/reply`: a reply to a ticket with its images (MAX_REPLY_IMAGES at most), answered 200. The member's and the
 * staff's reply routes are this one route; only how many replies a minute each side may send differs.
 */
export const TicketReplyRoute = (perMinute: number) =>
  applyDecorators(
    Post(':id/reply'),
    HttpCode(200),
    Throttle({ default: { limit: perMinute, ttl: 60_000 } }),
    UseInterceptors(TicketImagesInterceptor(MAX_REPLY_IMAGES, TICKET_MESSAGES.tooManyReplyImages)),
  );
