import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { contestTemplateInputSchema, type ContestTemplateInput } from '@kickback/contracts';
import { CurrentUser, GoLive, Roles, ok, rowId, zodPipe, type SessionUser } from '@kickback/platform';
import { ContestTemplatesService } from '@kickback/domain';

/** Contest templates: admins keep them; Go live (moderators too) lists them to open one. */
@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/contest-templates')
export class AdminContestTemplatesController {
  constructor(private readonly templates: ContestTemplatesService) {}

  @Get()
  @GoLive()
  async list() {
    return ok(await this.templates.list());
  }

  @Post()
  async create(@CurrentUser() actor: SessionUser, @Body(zodPipe(contestTemplateInputSchema)) body: ContestTemplateInput) {
    const template = await this.templates.create(actor.id, body);
    return ok(template, `Template "${template.name}" saved.`);
  }

  @Put(':id')
  async update(
    @CurrentUser() actor: SessionUser,
    @Param('id', rowId('Template not found.')) id: number,
    @Body(zodPipe(contestTemplateInputSchema)) body: ContestTemplateInput,
  ) {
    const template = await this.templates.update(actor.id, id, body);
    return ok(template, `Template "${template.name}" saved.`);
  }

  @Delete(':id')
  @HttpCode(200)
  async remove(@CurrentUser() actor: SessionUser, @Param('id', rowId('Template not found.')) id: number) {
    await this.templates.remove(actor.id, id);
    return ok(null, 'Template deleted.');
  }
}
