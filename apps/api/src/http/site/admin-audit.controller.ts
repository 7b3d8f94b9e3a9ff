import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { AuditLogService, Roles, zodPipe, paged } from '@kickback/platform';

const querySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }).strict();

@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/audit-log')
export class AdminAuditController {
  constructor(private readonly audit: AuditLogService) {}

  @Get()
  async list(@Query(zodPipe(querySchema)) query: { page: number }) {
    return paged(await this.audit.list(query.page));
  }
}
