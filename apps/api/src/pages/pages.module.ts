import { KickConnectCallback } from './kick-connect-callback';
import { Module } from '@nestjs/common';
import {
  ActivityModule,
  BonusHuntsModule,
  IdentityModule,
  LeaderboardModule,
  OverlaysModule,
  PollsModule,
  RacesModule,
  RafflesModule,
  SiteModule,
  SlotsModule,
  SocialModule,
  TournamentsModule,
} from '@kickback/domain';
import { KickAuthController } from './kick-auth.controller';
import { KickConnectController } from './kick-connect.controller';
import { KickOAuthClient } from './kick-oauth.client';
import { LoginController } from './login.controller';
import { OverlayController } from './overlay.controller';
import { OverlayDataService } from './overlay-data.service';
import { PageDataService } from './page-data.service';
import { SessionLoginService } from './session-login.service';
import { SpaController } from './spa.controller';
import { SpaTemplateService } from './spa-template.service';
import { VisitorCount } from './visitor-count';
import { ViewerSafetyModule } from '../http/safety/viewer-safety.module';

/** Full pages: /login, the Kick OAuth flow, /logout, the OBS overlays and the SPA with injected page data. Imported last: its catch-all must not shadow API routes. */
@Module({
  imports: [
    ActivityModule,
    IdentityModule,
    SiteModule,
    OverlaysModule,
    BonusHuntsModule,
    RafflesModule,
    TournamentsModule,
    LeaderboardModule,
    RacesModule,
    PollsModule,
    SlotsModule,
    SocialModule,
    ViewerSafetyModule,
  ],
  controllers: [LoginController, KickConnectController, KickAuthController, OverlayController, SpaController],
  providers: [
    KickOAuthClient,
    KickConnectCallback,
    SessionLoginService,
    PageDataService,
    SpaTemplateService,
    OverlayDataService,
    VisitorCount,
  ],
})
export class PagesModule {}
