import { Body, Controller, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { affiliateInputSchema, affiliateReorderSchema, affiliateUpdateSchema } from '@kickback/contracts';
import { CurrentUser, Roles, ok, zodPipe, type SessionUser } from '@kickback/platform';
import { AffiliatesService } from '@kickback/domain';
import { adminCatalogue } from '../admin-catalogue.controller';

@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/affiliates')
export class AdminAffiliatesController extends adminCatalogue(AffiliatesService, {
  notFound: 'Affiliate not found.',
  list: (affiliates) => affiliates.listAdmin(),
  create: {
    schema: affiliateInputSchema,
    run: (affiliates, actorId, input) => affiliates.create(actorId, input),
    done: 'Affiliate created.',
  },
  update: {
    schema: affiliateUpdateSchema,
    run: (affiliates, actorId, id, changes) => affiliates.update(actorId, id, changes),
    done: 'Affiliate saved.',
  },
  remove: { run: (affiliates, actorId, id) => affiliates.remove(actorId, id), done: 'Affiliate deleted.' },
}) {
  @Post('reorder')
  async reorder(@CurrentUser() user: SessionUser, @Body(zodPipe(affiliateReorderSchema)) body: { ids: number[] }) {
    return ok(await this.service.reorder(user.id, body.ids), 'Order saved.');
  }
}
