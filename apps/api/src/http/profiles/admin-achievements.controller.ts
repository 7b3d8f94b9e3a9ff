import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { achievementInputSchema, achievementUpdateSchema } from '@kickback/contracts';
import { Roles } from '@kickback/platform';
import { AdminProgressionService } from '@kickback/domain';
import { adminCatalogue } from '../admin-catalogue.controller';

/** The achievements catalogue: admins only, every change audited. */
@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/achievements')
export class AdminAchievementsController extends adminCatalogue(AdminProgressionService, {
  notFound: 'Achievement not found.',
  list: (progression) => progression.achievements(),
  create: {
    schema: achievementInputSchema,
    run: (progression, actorId, input) => progression.createAchievement(actorId, input),
    done: 'Achievement created.',
  },
  update: {
    schema: achievementUpdateSchema,
    run: (progression, actorId, id, changes) => progression.updateAchievement(actorId, id, changes),
    done: 'Achievement updated.',
  },
  remove: { run: (progression, actorId, id) => progression.deleteAchievement(actorId, id), done: 'Achievement deleted.' },
}) {}
