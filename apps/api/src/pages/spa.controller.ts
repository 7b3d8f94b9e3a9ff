import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { PageDataService } from './page-data.service';
import { SpaTemplateService } from './spa-template.service';
import { escapeHtml } from './html-escape';

const NOT_SPA = /^\/(api|socket\.io|assets|uploads|auth|login|logout|healthz|readyz|metrics)(\/|$)/;

/** Serves the client app for every page route; must be registered after all other controllers. */
@ApiExcludeController()
@Controller()
export class SpaController {
  constructor(
    private readonly pageData: PageDataService,
    private readonly templates: SpaTemplateService,
  ) {}

  @Get(['admin-new', 'admin-new/{*path}'])
  async admin(@Req() req: Request, @Res() res: Response): Promise<void> {
    const data = await this.pageData.build(req, res);
    if (!data.user) return res.redirect(302, '/login');
    // Support staff and moderators get the panel for their sections (tickets; Go live); the API still checks every call.
    if (data.user.role === 'member') {
      res.status(403).type('html').send(forbiddenPage(data.settings.site_name));
      return;
    }
    this.send(res, this.templates.render('admin', data, res.locals.cspNonce as string));
  }

  @Get('{*path}')
  async page(@Req() req: Request, @Res() res: Response): Promise<void> {
    // No nonce: the security headers judged this path never a page (webhooks, uploads, probes...), so no page here.
    if (NOT_SPA.test(req.path) || typeof res.locals.cspNonce !== 'string') {
      res.status(404).json({ success: false, message: 'Not found.' });
      return;
    }
    const data = await this.pageData.build(req, res);
    this.send(res, this.templates.render('index', data, res.locals.cspNonce as string));
  }

  private send(res: Response, html: string): void {
    res.setHeader('Cache-Control', 'no-store');
    res.type('html').send(html);
  }
}

function forbiddenPage(siteName: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>403 · ${escapeHtml(siteName)}</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0f0805;color:#f5efe9;font:16px system-ui,sans-serif}main{text-align:center;padding:2rem}a{color:#f4a460}</style></head>
<body><main><h1>Admins only</h1><p>The admin panel is only available to administrators.</p><p><a href="/">Back to the site</a></p></main></body></html>`;
}
