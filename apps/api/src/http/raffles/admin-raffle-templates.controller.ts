import { Body, Controller, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { raffleTemplateCreateSchema, raffleTemplateStartSchema } from '@kickback/contracts';
import { CurrentUser, GoLive, Roles, ok, zodPipe, type SessionUser, RowIdParam } from '@kickback/platform';
import { RaffleTemplatesService } from '@kickback/domain';
import { adminCatalogue } from '../admin-catalogue.controller';

/** Raffle templates for the admin: save settings once, start a raffle from them on Go live. */
@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/raffle-templates')
export class AdminRaffleTemplatesController extends adminCatalogue(RaffleTemplatesService, {
  notFound: 'Template not found',
  list: (templates) => templates.list(),
  goLive: ['list'],
  create: {
    schema: raffleTemplateCreateSchema,
    run: (templates, actorId, input) => templates.create(actorId, input),
    done: (template) => `Template "${template.name}" saved.`,
  },
  remove: { run: (templates, actorId, id) => templates.remove(actorId, id).then(() => null), done: 'Template deleted.' },
}) {
  @Post(':id/start')
  @GoLive()
  async start(
    @CurrentUser() actor: SessionUser,
    @RowIdParam('Template not found') id: number,
    @Body(zodPipe(raffleTemplateStartSchema)) body: { title: string },
  ) {
    const raffle = await this.service.start(actor.id, id, body.title);
    return ok(raffle, `${raffle.title} is taking entries.`);
  }
}
