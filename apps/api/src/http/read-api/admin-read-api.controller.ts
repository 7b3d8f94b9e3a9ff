import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { readApiTokenCreateSchema } from '@kickback/contracts';
import { Roles } from '@kickback/platform';
import { ReadApiTokensService } from '@kickback/domain';
import { adminCatalogue } from '../admin-catalogue.controller';

/** The admin's read API tokens: list, create (the answer is the only time a token is shown) and revoke. */
@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/read-api/tokens')
export class AdminReadApiController extends adminCatalogue(ReadApiTokensService, {
  notFound: 'No active token with this id.',
  list: (tokens) => tokens.list(),
  create: {
    schema: readApiTokenCreateSchema,
    run: (tokens, actorId, input) => tokens.create(actorId, input),
    done: 'Token created. Copy it now: it is not shown again.',
  },
  remove: {
    run: (tokens, actorId, id) => tokens.revoke(actorId, id),
    done: (token) => `Token "${token.name}" revoked; tools using it are refused from now on.`,
  },
}) {}
