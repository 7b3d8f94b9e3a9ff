import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { ViewerSafety } from '@kickback/contracts';
import { AppConfig, ViewerCountryService, cookieValue } from '@kickback/platform';
import { AgeGateService, ViewerSafetyService } from '@kickback/domain';

/** The browser's answer to the age question: the age it confirmed, or "no". */
export const AGE_COOKIE = 'kb_age';

/** Reads the viewer's standing for gambling content from a request: session, age cookie, country. */
@Injectable()
export class ViewerSafetyReader {
  constructor(
    private readonly country: ViewerCountryService,
    private readonly safety: ViewerSafetyService,
    private readonly gate: AgeGateService,
    private readonly config: AppConfig,
  ) {}

  /** `ageCookie` stands in for the request's own cookie when the answer was given in this very request. */
  of(req: Request, ageCookie = cookieValue(req, AGE_COOKIE)): Promise<ViewerSafety> {
    return this.safety.of({
      userId: req.session?.userId ?? null,
      ageCookie,
      country: this.country.of(req),
    });
  }

  /** At login: the age this browser confirmed before (its cookie), kept on the member's account. */
  async adoptBrowserAnswer(req: Request, userId: number): Promise<void> {
    const value = cookieValue(req, AGE_COOKIE);
    if (value && /^\d{2}$/.test(value)) await this.gate.adoptBrowserAnswer(userId, Number(value), this.country.of(req));
  }

  /** Remembers the browser's answer for AGE_GATE_COOKIE_DAYS (HttpOnly: the page learns it from the server). */
  remember(res: Response, value: string): void {
    res.cookie(AGE_COOKIE, value, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.secureCookies,
      path: '/',
      maxAge: this.config.env.AGE_GATE_COOKIE_DAYS * 24 * 3600 * 1000,
    });
  }
}
