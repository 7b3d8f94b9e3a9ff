import { Controller, Get, Param, ParseEnumPipe } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ok } from '@kickback/platform';
import { AffiliatesService, GiveawaysService, SiteSettingsService } from '@kickback/domain';

@ApiTags('site')
@Controller('api/r')
export class SiteController {
  constructor(
    private readonly settings: SiteSettingsService,
    private readonly affiliates: AffiliatesService,
    private readonly giveaways: GiveawaysService,
  ) {}

  @Get('settings')
  async getSettings() {
    return ok(await this.settings.getPublic());
  }

  @Get('affiliates')
  async getAffiliates() {
    return ok(await this.affiliates.listPublic());
  }

  @Get('stats/total-given-away')
  async totalGivenAway() {
    return { success: true as const, ...(await this.giveaways.total()) };
  }

  @Get('legal/:slug')
  async legal(@Param('slug', new ParseEnumPipe(['terms', 'privacy'])) slug: 'terms' | 'privacy') {
    return ok(await this.settings.getLegal(slug));
  }
}
