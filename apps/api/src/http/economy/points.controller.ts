import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { Authenticated, CurrentUser, ok, zodPipe, type SessionUser } from '@kickback/platform';
import { EconomyService } from '@kickback/domain';

const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }).strict();

@ApiTags('points')
@Authenticated()
@Controller('api/r/points')
export class PointsController {
  constructor(private readonly economy: EconomyService) {}

  @Get('history')
  async history(@CurrentUser() user: SessionUser, @Query(zodPipe(pageQuery)) query: { page: number }) {
    return ok(await this.economy.history(user.id, query.page));
  }
}
