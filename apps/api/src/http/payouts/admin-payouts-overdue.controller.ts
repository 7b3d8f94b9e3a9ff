import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { GoLive, ok } from '@kickback/platform';
import { PayoutAdminService } from '@kickback/domain';

/** Go live's flag: how many payouts waited in their status longer than the streamer promised (a count, no member data). */
@ApiTags('admin')
@GoLive()
@Controller('api/admin/payouts-overdue')
export class AdminPayoutsOverdueController {
  constructor(private readonly admin: PayoutAdminService) {}

  @Get()
  async overdue() {
    return ok(await this.admin.overdue());
  }
}
