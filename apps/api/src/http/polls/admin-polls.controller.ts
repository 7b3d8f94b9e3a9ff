import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { POLL_TEXTS, pollOpenSchema, type PollOpen } from '@kickback/contracts';
import { CurrentUser, GoLive, ok, zodPipe, type SessionUser, RowIdParam } from '@kickback/platform';
import { PollsService } from '@kickback/domain';

/** Go live's poll controls: open, close, cancel. Moderators run Go live too. */
@ApiTags('admin')
@GoLive()
@Controller('api/admin/polls')
export class AdminPollsController {
  constructor(private readonly polls: PollsService) {}

  @Get('current')
  async current() {
    return ok(await this.polls.current(null));
  }

  @Post()
  @HttpCode(200)
  async open(@CurrentUser() actor: SessionUser, @Body(zodPipe(pollOpenSchema)) body: PollOpen) {
    return ok(await this.polls.open(actor.id, body), 'Poll open.');
  }

  @Post(':id/close')
  @HttpCode(200)
  async close(@CurrentUser() actor: SessionUser, @RowIdParam(POLL_TEXTS.notFound) id: number) {
    return ok(await this.polls.close(actor.id, id), 'Poll closed.');
  }

  @Post(':id/cancel')
  @HttpCode(200)
  async cancel(@CurrentUser() actor: SessionUser, @RowIdParam(POLL_TEXTS.notFound) id: number) {
    return ok(await this.polls.cancel(actor.id, id), 'Poll cancelled.');
  }
}
