import { Body, Controller, Delete, Get, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { readApiTokenCreateSchema, type ReadApiTokenCreate } from '@kickback/contracts';
import { CurrentUser, Roles, ok, rowId, zodPipe, type SessionUser } from '@kickback/platform';
import { ReadApiTokensService } from '@kickback/domain';

/** The admin's read API tokens: list, create (the answer is the only time a token is shown) and revoke. */
@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/read-api/tokens')
export class AdminReadApiController {
  constructor(private readonly tokens: ReadApiTokensService) {}

  @Get()
  async list() {
    return ok(await this.tokens.list());
  }

  @Post()
  async create(@CurrentUser() actor: SessionUser, @Body(zodPipe(readApiTokenCreateSchema)) body: ReadApiTokenCreate) {
    return ok(await this.tokens.create(actor.id, body), 'Token created. Copy it now: it is not shown again.');
  }

  @Delete(':id')
  async revoke(@CurrentUser() actor: SessionUser, @Param('id', rowId('No active token with this id.')) id: number) {
    const token = await this.tokens.revoke(actor.id, id);
    return ok(token, `Token "${token.name}" revoked; tools using it are refused from now on.`);
  }
}
