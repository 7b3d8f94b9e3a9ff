import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { GoLive, ok } from '@kickback/platform';
import { SafetyAdminService } from '@kickback/domain';

/** Go live and the dashboard: counts only (visitors by country, the gate's answers, breaks), never who or why. */
@ApiTags('admin')
@GoLive()
@Controller('api/admin/safety/overview')
export class LiveSafetyController {
  constructor(private readonly admin: SafetyAdminService) {}

  @Get()
  async overview() {
    return ok(await this.admin.overview());
  }
}
