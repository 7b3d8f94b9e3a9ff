import { Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { SiteSettingsRow } from './site-settings.entity';
import { AffiliateRow } from './affiliate.entity';
import { SiteSettingsService } from './site-settings.service';
import { AffiliatesService } from './affiliates.service';
import { SiteUpdatedPushHandler } from './site-updated-push.handler';
import { SiteRepository } from './site.repository';

@Module({
  imports: [MikroOrmModule.forFeature([SiteSettingsRow, AffiliateRow])],
  providers: [SiteRepository, SiteSettingsService, AffiliatesService, SiteUpdatedPushHandler],
  exports: [SiteSettingsService, AffiliatesService],
})
export class SiteModule {}
