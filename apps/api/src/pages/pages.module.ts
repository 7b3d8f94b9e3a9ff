import { Module } from '@nestjs/common';
import { IdentityModule, SiteModule } from '@kickback/domain';
import { KickAuthController } from './kick-auth.controller';
import { KickOAuthClient } from './kick-oauth.client';
import { LoginController } from './login.controller';
import { PageDataService } from './page-data.service';
import { SessionLoginService } from './session-login.service';
import { SpaController } from './spa.controller';
import { SpaTemplateService } from './spa-template.service';

/** Full pages: /login, the Kick OAuth flow, /logout and the SPA with injected page data. Imported last: its catch-all must not shadow API routes. */
@Module({
  imports: [IdentityModule, SiteModule],
  controllers: [LoginController, KickAuthController, SpaController],
  providers: [KickOAuthClient, SessionLoginService, PageDataService, SpaTemplateService],
})
export class PagesModule {}
