import { Controller, Get, Param, ParseEnumPipe, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ApiTags } from '@nestjs/swagger';
import { ok } from '@kickback/platform';
import { AffiliatesService, PayoutsService, SiteSettingsService } from '@kickback/domain';
import { ViewerSafetyReader } from '../safety/viewer-safety.reader';

@ApiTags('site')
@Controller('api/r')
export class SiteController {
  constructor(
    private readonly settings: SiteSettingsService,
    private readonly affiliates: AffiliatesService,
    private readonly payouts: PayoutsService,
    private readonly viewer: ViewerSafetyReader,
  ) {}

  @Get('settings')
  async getSettings() {
    return ok(await this.settings.getPublic());
  }

  /** Only the cards this viewer may see (the age gate, a break, each card's countries). */
  @Get('affiliates')
  async getAffiliates(@Req() req: Request) {
    return ok(await this.affiliates.listFor(await this.viewer.of(req)));
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
