import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '@kickback/platform';

/** Answers that are never an HTML page of the site: JSON, sockets, uploads, built assets, probes. */
const NOT_A_PAGE = /^\/(?:(?:api|socket\.io|uploads|assets|webhooks)\/|(?:healthz|readyz|metrics)(?:[?/]|$))/;

type ScriptSource = string | ((req: unknown, res: unknown) => string);

/** The site's helmet settings; only the script sources differ between pages and everything else. */
function helmetOptions(config: AppConfig, scriptSrc: ScriptSource[]): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        scriptSrc,
        imgSrc: ["'self'", 'data:', 'https:'],
        // 'self': the admin's Overlays section previews each overlay page in a frame.
        frameSrc: ["'self'", 'https://player.kick.com'],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.secureCookies,
  };
}

/** The headers a helmet middleware sets when nothing in its policy depends on the request. */
function headersOf(middleware: RequestHandler): [string, string][] {
  const headers: [string, string][] = [];
  const res = {
    setHeader: (name: string, value: string) => headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  middleware({} as Request, res as unknown as Response, () => undefined);
  return headers;
}

/**
 * helmet's headers on every answer. HTML pages get a fresh CSP nonce (their inline page data and scripts carry
 * it); every other answer gets the same policy without a nonce (no inline script can run in JSON, an image or a
 * built asset), computed once at boot and copied onto the response: on a cached API read the per-request helmet
 * run and the nonce's random bytes were a measurable share of the request (docs/performance/history.md, "Request path").
 */
export function securityHeaders(config: AppConfig): RequestHandler {
  const pages = helmet(helmetOptions(config, ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`]));
  const fixed = headersOf(helmet(helmetOptions(config, ["'self'"])));
  return (req: Request, res: Response, next: NextFunction) => {
    if (NOT_A_PAGE.test(req.url)) {
      for (const [name, value] of fixed) res.setHeader(name, value);
      return next();
    }
    res.locals.cspNonce = randomBytes(16).toString('base64');
    return pages(req, res, next);
  };
}
