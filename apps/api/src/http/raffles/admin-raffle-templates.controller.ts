import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { raffleTemplateCreateSchema, raffleTemplateStartSchema, type RaffleTemplateInput } from '@kickback/contracts';
import { CurrentUser, GoLive, Roles, ok, rowId, zodPipe, type SessionUser } from '@kickback/platform';
import { RaffleTemplatesService } from '@kickback/domain';

/** Raffle templates for the admin: save settings once, start a raffle from them on Go live. */
@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/raffle-templates')
export class AdminRaffleTemplatesController {
  constructor(private readonly templates: RaffleTemplatesService) {}

  @Get()
  @GoLive()
  async list() {
    return ok(await this.templates.list());
  }

  @Post()
  async create(@CurrentUser() actor: SessionUser, @Body(zodPipe(raffleTemplateCreateSchema)) body: RaffleTemplateInput) {
    const template = await this.templates.create(actor.id, body);
    return ok(template, `Template "${template.name}" saved.`);
  }

  @Delete(':id')
  @HttpCode(200)
  async remove(@CurrentUser() actor: SessionUser, @Param('id', rowId('Template not found')) id: number) {
    await this.templates.remove(actor.id, id);
    return ok(null, 'Template deleted.');
  }

  @Post(':id/start')
  @GoLive()
  async start(
    @CurrentUser() actor: SessionUser,
    @Param('id', rowId('Template not found')) id: number,
    @Body(zodPipe(raffleTemplateStartSchema)) body: { title: string },
  ) {
    const raffle = await this.templates.start(actor.id, id, body.title);
    return ok(raffle, `${raffle.title} is taking entries.`);
  }
}
