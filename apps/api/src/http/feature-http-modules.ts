import { SessionHttpModule } from './session/session-http.module';
import { SiteHttpModule } from './site/site-http.module';
import { ProfileHttpModule } from './profile/profile-http.module';
import { EconomyHttpModule } from './economy/economy-http.module';
import { StoreHttpModule } from './store/store-http.module';
import { RafflesHttpModule } from './raffles/raffles-http.module';
import { LeaderboardHttpModule } from './leaderboard/leaderboard-http.module';
import { BonusHuntsHttpModule } from './bonus-hunts/bonus-hunts-http.module';
import { TournamentsHttpModule } from './tournaments/tournaments-http.module';
import { TicketsHttpModule } from './tickets/tickets-http.module';
import { ContactHttpModule } from './contact/contact-http.module';
import { OpsHttpModule } from './ops/ops-http.module';
import { ProfilesHttpModule } from './profiles/profiles-http.module';
import { FriendsHttpModule } from './friends/friends-http.module';
import { ActivityHttpModule } from './activity/activity-http.module';
import { WinnersHttpModule } from './winners/winners-http.module';
import { OverlaysHttpModule } from './overlays/overlays-http.module';
import { IdentityHttpModule } from './identity/identity-http.module';
import { PointsImportHttpModule } from './points-import/points-import-http.module';
import { ReadApiHttpModule } from './read-api/read-api-http.module';
import { AnnouncementsHttpModule } from './announcements/announcements-http.module';
import { AccountDataHttpModule } from './account-data/account-data-http.module';
import { ArchiveHttpModule } from './archive/archive-http.module';
import { FeaturedHttpModule } from './featured/featured-http.module';
import { ContestsHttpModule } from './contests/contests-http.module';
import { PollsHttpModule } from './polls/polls-http.module';
import { RacesHttpModule } from './races/races-http.module';
import { SlotsHttpModule } from './slots/slots-http.module';
import { PayoutsHttpModule } from './payouts/payouts-http.module';
import { SafetyHttpModule } from './safety/safety-http.module';

/** One HTTP module per feature (its controllers and gateways), in the order the api registers them. */
export const FEATURE_HTTP_MODULES = [
  SessionHttpModule,
  SiteHttpModule,
  ProfileHttpModule,
  EconomyHttpModule,
  StoreHttpModule,
  RafflesHttpModule,
  LeaderboardHttpModule,
  BonusHuntsHttpModule,
  TournamentsHttpModule,
  TicketsHttpModule,
  ContactHttpModule,
  OpsHttpModule,
  ProfilesHttpModule,
  FriendsHttpModule,
  ActivityHttpModule,
  WinnersHttpModule,
  OverlaysHttpModule,
  IdentityHttpModule,
  PointsImportHttpModule,
  ReadApiHttpModule,
  AnnouncementsHttpModule,
  AccountDataHttpModule,
  ArchiveHttpModule,
  ContestsHttpModule,
  PollsHttpModule,
  FeaturedHttpModule,
  RacesHttpModule,
  SlotsHttpModule,
  PayoutsHttpModule,
  SafetyHttpModule,
];
