import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppConfig, cookieValue } from '@kickback/platform';
import { SafetyStatsService } from '@kickback/domain';

/** Holds the UTC day this browser was last counted on, so a visitor counts once a day however many pages they open. */
const SEEN_COOKIE = 'kb_seen';

/** The streamer's country mix: a browser's first page of the day adds one to its country's count; no address is kept. */
@Injectable()
export class VisitorCount {
  constructor(
    private readonly stats: SafetyStatsService,
    private readonly config: AppConfig,
  ) {}

  async count(req: Request, res: Response, country: string | null): Promise<void> {
    const today = SafetyStatsService.today();
    if (cookieValue(req, SEEN_COOKIE) === today) return;
    await this.stats.countVisitor(country);
    res.cookie(SEEN_COOKIE, today, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.secureCookies,
      path: '/',
      maxAge: 24 * 3600 * 1000,
    });
  }
}
