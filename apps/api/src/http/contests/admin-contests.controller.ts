import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CONTEST_TEXTS, contestOpenSchema, contestResolveSchema, type ContestOpen } from '@kickback/contracts';
import { CurrentUser, GoLive, ok, zodPipe, type SessionUser, RowIdParam } from '@kickback/platform';
import { ContestsService, ContestTemplatesService } from '@kickback/domain';

/** Go live's contest controls: open (from a template or typed), close, resolve, cancel. Moderators run Go live too. */
@ApiTags('admin')
@GoLive()
@Controller('api/admin/contests')
export class AdminContestsController {
  constructor(
    private readonly contests: ContestsService,
    private readonly templates: ContestTemplatesService,
  ) {}

  @Get('current')
  async current() {
    return ok(await this.contests.current(null));
  }

  @Post()
  @HttpCode(200)
  async open(@CurrentUser() actor: SessionUser, @Body(zodPipe(contestOpenSchema)) body: ContestOpen) {
    const settings = 'settings' in body ? body.settings : await this.templates.settingsOf(body.template_id);
    return ok(await this.contests.open(actor.id, settings), 'Contest open.');
  }

  @Post(':id/close')
  @HttpCode(200)
  async close(@CurrentUser() actor: SessionUser, @RowIdParam(CONTEST_TEXTS.notFound) id: number) {
    return ok(await this.contests.close(actor.id, id), 'Stakes closed.');
  }

  @Post(':id/resolve')
  @HttpCode(200)
  async resolve(
    @CurrentUser() actor: SessionUser,
    @RowIdParam(CONTEST_TEXTS.notFound) id: number,
    @Body(zodPipe(contestResolveSchema)) body: { option: number },
  ) {
    return ok(await this.contests.resolve(actor.id, id, body.option), 'Contest resolved; winners paid.');
  }

  @Post(':id/cancel')
  @HttpCode(200)
  async cancel(@CurrentUser() actor: SessionUser, @RowIdParam(CONTEST_TEXTS.notFound) id: number) {
    return ok(await this.contests.cancel(actor.id, id), 'Contest cancelled; every stake refunded.');
  }
}
