import { Module } from '@nestjs/common';
import { PayoutsModule, SiteModule } from '@kickback/domain';
import { AdminAffiliatesController } from './admin-affiliates.controller';
import { AdminAuditController } from './admin-audit.controller';
import { AdminSettingsController } from './admin-settings.controller';
import { AdminUploadsController } from './admin-uploads.controller';
import { SiteController } from './site.controller';
import { ViewerSafetyModule } from '../safety/viewer-safety.module';

/** Site settings, affiliates, legal pages and totals; the admin's settings, affiliates, uploads and audit log. */
@Module({
  imports: [SiteModule, PayoutsModule, ViewerSafetyModule],
  controllers: [SiteController, AdminSettingsController, AdminAffiliatesController, AdminUploadsController, AdminAuditController],
})
export class SiteHttpModule {}
