import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { OverlayPageData } from '@kickback/contracts';
import { notFound, ok } from '@kickback/platform';
import { OverlaySettingsService, OverlayTokensService } from '@kickback/domain';
import { OverlayDataService } from './overlay-data.service';
import { SpaTemplateService } from './spa-template.service';

/** What a wrong, revoked or missing token gets: a transparent page with nothing on it and no script. */
const NOTHING =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Overlay</title></head><body style="background:transparent"></body></html>';

/**
 * OBS browser sources: /overlay/{kind}?token=… serves the overlay entry with its starting data injected, and
 * /overlay/{kind}/data?token=… answers the same data for a refresh. No session is read or written (no cookie,
 * no CSRF token, no user in the page), and these pages alone may be framed by any origin (OBS, the admin preview).
 */
@ApiExcludeController()
@Controller('overlay')
export class OverlayController {
  constructor(
    private readonly tokens: OverlayTokensService,
    private readonly looks: OverlaySettingsService,
    private readonly overlayData: OverlayDataService,
    private readonly templates: SpaTemplateService,
  ) {}

  @Get(':kind')
  async page(@Param('kind') kind: string, @Query('token') token: unknown, @Res() res: Response): Promise<void> {
    allowFraming(res);
    res.setHeader('Cache-Control', 'no-store');
    const admitted = await this.tokens.verify(kind, token);
    if (!admitted) {
      res.status(404).type('html').send(NOTHING);
      return;
    }
    const [data, look] = await Promise.all([this.overlayData.build(admitted), this.looks.look(admitted)]);
    const page: OverlayPageData = { overlay: { kind: admitted, token: token as string, data, look } };
    res.type('html').send(this.templates.render('overlay', page, res.locals.cspNonce as string));
  }

  @Get(':kind/data')
  async data(@Param('kind') kind: string, @Query('token') token: unknown, @Res({ passthrough: true }) res: Response) {
    res.setHeader('Cache-Control', 'no-store');
    const admitted = await this.tokens.verify(kind, token);
    if (!admitted) throw notFound('Overlay not found.');
    return ok(await this.overlayData.build(admitted));
  }
}

/** Drops the frame-ancestors restriction (and X-Frame-Options) that every other page keeps. */
function allowFraming(res: Response): void {
  const csp = res.getHeader('Content-Security-Policy');
  if (typeof csp === 'string')
    res.setHeader(
      'Content-Security-Policy',
      csp
        .split(';')
        .filter((directive) => !directive.trim().startsWith('frame-ancestors'))
        .join(';'),
    );
  res.removeHeader('X-Frame-Options');
}
