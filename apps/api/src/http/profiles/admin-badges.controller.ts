import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { badgeInputSchema, badgeUpdateSchema } from '@kickback/contracts';
import { Roles } from '@kickback/platform';
import { AdminProgressionService } from '@kickback/domain';
import { adminCatalogue } from '../admin-catalogue.controller';

/** The badges catalogue: admins only, every change audited. */
@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/badges')
export class AdminBadgesController extends adminCatalogue(AdminProgressionService, {
  notFound: 'Badge not found.',
  list: (progression) => progression.badges(),
  create: {
    schema: badgeInputSchema,
    run: (progression, actorId, input) => progression.createBadge(actorId, input),
    done: 'Badge created.',
  },
  update: {
    schema: badgeUpdateSchema,
    run: (progression, actorId, id, changes) => progression.updateBadge(actorId, id, changes),
    done: 'Badge updated.',
  },
  remove: { run: (progression, actorId, id) => progression.deleteBadge(actorId, id), done: 'Badge deleted.' },
}) {}
