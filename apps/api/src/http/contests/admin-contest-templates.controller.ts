import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { contestTemplateInputSchema } from '@kickback/contracts';
import { Roles } from '@kickback/platform';
import { ContestTemplatesService } from '@kickback/domain';
import { adminCatalogue } from '../admin-catalogue.controller';

const saved = (template: { name: string }) => `Template "${template.name}" saved.`;

/** Contest templates: admins keep them; Go live (moderators too) lists them to open one. */
@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/contest-templates')
export class AdminContestTemplatesController extends adminCatalogue(ContestTemplatesService, {
  notFound: 'Template not found.',
  list: (templates) => templates.list(),
  goLive: ['list'],
  create: { schema: contestTemplateInputSchema, run: (templates, actorId, input) => templates.create(actorId, input), done: saved },
  update: { schema: contestTemplateInputSchema, run: (templates, actorId, id, input) => templates.update(actorId, id, input), done: saved },
  remove: { run: (templates, actorId, id) => templates.remove(actorId, id).then(() => null), done: 'Template deleted.' },
}) {}
