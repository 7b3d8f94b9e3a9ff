import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { LEADERBOARD_PAGE_CACHE_KEY, type AppPageData } from '@kickback/contracts';
import { AppConfig, ensureCsrfToken, issueAnonymousCsrfToken, refreshSessionExpiry } from '@kickback/platform';
import {
  AffiliatesService,
  FriendshipsService,
  LeaderboardReadService,
  LiveStateService,
  SiteSettingsService,
  UsersService,
  toCurrentUser,
} from '@kickback/domain';
import { ViewerSafetyReader } from '../http/safety/viewer-safety.reader';
import { VisitorCount } from './visitor-count';

/** Redis key the leaderboard worker writes its page-ready snapshot to (owned by the leaderboard contract). */
export { LEADERBOARD_PAGE_CACHE_KEY };

/** Builds window.__APP__ for a page request (SPEC §1: current user injected by the server). */
@Injectable()
export class PageDataService {
  constructor(
    private readonly users: UsersService,
    private readonly settings: SiteSettingsService,
    private readonly affiliates: AffiliatesService,
    private readonly live: LiveStateService,
    private readonly friendships: FriendshipsService,
    private readonly leaderboard: LeaderboardReadService,
    private readonly viewer: ViewerSafetyReader,
    private readonly visitors: VisitorCount,
    private readonly config: AppConfig,
  ) {}

  /**
   * A member's CSRF token comes from the session; anyone else gets the signed anonymous cookie (no session made).
   * A member's page also carries the friends menu's pending count, so the navigation reads nothing on load: one
   * count on the receiver's index, beside the user read; visitors' pages skip it.
   */
  async build(req: Request, res: Response): Promise<AppPageData> {
    const session = req.session?.userId ? req.session : null;
    if (session) refreshSessionExpiry(session);
    let csrfToken = session ? ensureCsrfToken(session) : issueAnonymousCsrfToken(this.config, req, res);
    // Offers follow the viewer (the age gate, a break, each offer's countries): hidden ones never reach the page.
    const safety = await this.viewer.of(req);
    await this.visitors.count(req, res, safety.country);
    const [user, settings, affiliates, leaderboard, live, pendingFriends] = await Promise.all([
      session?.userId ? this.users.findById(session.userId) : Promise.resolve(null),
      this.settings.getPublic(),
      this.affiliates.listFor(safety),
      this.leaderboard.pageFor(safety),
      this.live.get(),
      session?.userId ? this.friendships.pendingCount(session.userId) : Promise.resolve(null),
    ]);
    if (session && !user) {
      // The account is gone; forget it rather than render a half-logged-in page.
      delete session.userId;
      delete session.role;
      csrfToken = issueAnonymousCsrfToken(this.config, req, res);
    }
    return {
      user: user ? toCurrentUser(user) : null,
      csrfToken,
      settings,
      affiliates,
      leaderboard: leaderboard ? JSON.parse(leaderboard) : null,
      live,
      friends: user && pendingFriends !== null ? { pending_count: pendingFriends } : null,
      safety,
    };
  }
}
