import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type Redis from 'ioredis';
import { LEADERBOARD_PAGE_CACHE_KEY, type AppPageData } from '@kickback/contracts';
import { InjectRedis, ensureCsrfToken, refreshSessionExpiry } from '@kickback/platform';
import { AffiliatesService, SiteSettingsService, UsersService, toCurrentUser } from '@kickback/domain';

/** Redis key the leaderboard worker writes its page-ready snapshot to (owned by the leaderboard contract). */
export { LEADERBOARD_PAGE_CACHE_KEY };

/** Builds window.__APP__ for a page request (SPEC §1: current user injected by the server). */
@Injectable()
export class PageDataService {
  constructor(
    private readonly users: UsersService,
    private readonly settings: SiteSettingsService,
    private readonly affiliates: AffiliatesService,
    @InjectRedis() private readonly redis: Redis,
  ) {}

  async build(req: Request): Promise<AppPageData> {
    const csrfToken = ensureCsrfToken(req.session);
    refreshSessionExpiry(req.session);
    const [user, settings, affiliates, leaderboard] = await Promise.all([
      req.session.userId ? this.users.findById(req.session.userId) : Promise.resolve(null),
      this.settings.getPublic(),
      this.affiliates.listPublic(),
      this.redis.get(LEADERBOARD_PAGE_CACHE_KEY),
    ]);
    if (req.session.userId && !user) {
      // The account is gone; forget it rather than render a half-logged-in page.
      delete req.session.userId;
      delete req.session.role;
    }
    return {
      user: user ? toCurrentUser(user) : null,
      csrfToken,
      settings,
      affiliates,
      leaderboard: leaderboard ? JSON.parse(leaderboard) : null,
    };
  }
}
