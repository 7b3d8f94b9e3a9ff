import { Controller, Get, Param, ParseEnumPipe } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ok } from '@kickback/platform';
import { AffiliatesService, PayoutsService, SiteSettingsService } from '@kickback/domain';

@ApiTags('site')
@Controller('api/r')
export class SiteController {
  constructor(
    private readonly settings: SiteSettingsService,
    private readonly affiliates: AffiliatesService,
    private readonly payouts: PayoutsService,
  ) {}

  @Get('settings')
  async getSettings() {
    return ok(await this.settings.getPublic());
  }

  @Get('affiliates')
  async getAffiliates() {
    return ok(await this.affiliates.listPublic());
  }

  /** Paid payouts (docs/total-given-away.md), and what is still owed when the streamer shows it apart. */
  @Get('stats/total-given-away')
  async totalGivenAway() {
    return { success: true as const, ...(await this.payouts.totalGivenAway()) };
  }

  @Get('legal/:slug')
  async legal(@Param('slug', new ParseEnumPipe(['terms', 'privacy'])) slug: 'terms' | 'privacy') {
    return ok(await this.settings.getLegal(slug));
  }
}
