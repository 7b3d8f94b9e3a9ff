import { join } from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import {
  AppConfig,
  INTERNAL_ERROR,
  NestPinoLogger,
  ROOT_LOGGER,
  accessLog,
  REDIS,
  RedisConnections,
  SERVICE_UNAVAILABLE,
  createSessionLifetimeMiddleware,
  createSessionMiddleware,
  fail,
  isBackendOutage,
  sessionWhenNeeded,
} from '@kickback/platform';
import type Redis from 'ioredis';
import { RedisIoAdapter } from '../realtime/redis-io.adapter';
import { AddressSocketCap } from '../realtime/address-socket-cap';
import { metricsMiddleware } from '../ops/metrics.middleware';
import { answerClientErrorsWithEnvelope } from './client-errors';
import { securityHeaders } from './security-headers';
import { jsonBodies } from './json-body-limits';
import { AUTH_RATE_LIMIT_SETTING } from '../security/auth-throttle';
import { mountKickWebhook } from '../http/activity/kick-webhook.route';
import { ClientKeys } from '../security/client-key';
import { RefusalPenalties } from '../security/refusal-penalties';
import { ClientLanes } from '../security/client-lanes';
import { clientGate } from './client-gate.middleware';

/** Everything main.ts and the tests share: security headers, sessions, static files, sockets, docs. */
export function configureApiApp(app: NestExpressApplication): void {
  const config = app.get(AppConfig);
  app.useLogger(app.get(NestPinoLogger));
  app.enableShutdownHooks();
  if (config.env.TRUST_PROXY) app.set('trust proxy', 1);
  app.disable('x-powered-by');
  app.set(AUTH_RATE_LIMIT_SETTING, config.env.AUTH_RATE_LIMIT_PER_MINUTE);

  answerClientErrorsWithEnvelope(app.getHttpServer());
  // Before anything reads the request: a client that keeps being refused is held, not served (refusal-penalties.ts), and
  // each client's requests take turns in a few lanes (client-lanes.ts).
  app.use(clientGate(app.get(RefusalPenalties), app.get(ClientLanes), app.get(ClientKeys)));
  app.use(accessLog(app.get(ROOT_LOGGER)));
  app.use(metricsMiddleware);
  app.use(securityHeaders(config));
  // Ahead of sessions, body parsers and Nest's pipeline, none of which a signed server-to-server delivery needs.
  mountKickWebhook(app);

  // Anonymous reads and anonymous sockets skip the session entirely (no Redis, no session object).
  const session = sessionWhenNeeded(config, createSessionMiddleware(config, app.get<Redis>(REDIS)));
  app.use(session);
  app.use(createSessionLifetimeMiddleware(config));
  app.use(sessionStoreErrors);
  // Answers for a member or an admin are personal: no browser or proxy cache may keep them.
  app.use('/api/admin', noStore);
  app.use('/api/r', (req: Request, res: Response, next: NextFunction) => (req.session?.userId ? noStore(req, res, next) : next()));
  app.use(jsonBodies());
  app.use(express.urlencoded({ extended: false, limit: '16kb' }));
  app.use(bodyParserErrors);

  const uploads = express.static(join(config.env.UPLOAD_DIR, 'public'), {
    index: false,
    dotfiles: 'deny',
    fallthrough: false,
    maxAge: '30d',
    immutable: true,
    setHeaders: (res) => res.setHeader('X-Content-Type-Options', 'nosniff'),
  });
  app.use('/uploads', uploads);

  // Built client files; the .html entries are only served through the SPA controller (with page data).
  // Only a path that names a file (it ends in an extension) reaches the disk: API and socket paths never do (that
  // stat() was measurable on every entry during a raffle burst), and neither do page routes such as /bonus-hunts
  // (3% of a hunt night's first loads).
  const assets = express.static(config.env.FRONTEND_DIST, { index: false, dotfiles: 'ignore', maxAge: '1h' });
  const notStatic = /^\/(api|socket\.io)\/|\.html$/;
  const namesFile = /\.[A-Za-z0-9]+$/;
  app.use((req: Request, res: Response, next: NextFunction) =>
    notStatic.test(req.path) || !namesFile.test(req.path) ? next() : assets(req, res, next),
  );

  const allowedOrigins = [...config.siteOrigins];
  app.useWebSocketAdapter(
    new RedisIoAdapter(
      app,
      app.get(RedisConnections),
      session,
      allowedOrigins,
      config.env.REALTIME_CHANNEL,
      app.get(RefusalPenalties),
      app.get(ClientKeys),
      new AddressSocketCap(config.env.SOCKETS_PER_ADDRESS),
    ),
  );

  // The OpenAPI page describes every admin route: off in production unless API_DOCS=true.
  if (!(config.env.API_DOCS ?? !config.isProduction)) return;
  const doc = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Kickback API')
      .setDescription('Member, public and admin HTTP API; the read API for other tools under /api/v1 (docs/read-api.md)')
      .setVersion('1')
      .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'A read API token (kbr_…) from the admin panel' }, 'read-api-token')
      .build(),
  );
  SwaggerModule.setup('api/docs', app, doc, { jsonDocumentUrl: 'api/docs.json' });
}

/** Body parsing runs before Nest, so its errors are shaped here into the same envelope. */
function bodyParserErrors(err: { type?: string; status?: number }, _req: Request, res: Response, next: NextFunction): void {
  if (err?.type === 'entity.parse.failed') {
    res.status(400).json(fail('The request body is not valid JSON.'));
    return;
  }
  if (err?.type === 'entity.too.large') {
    res.status(413).json(fail('The request is too large.'));
    return;
  }
  next(err);
}

/** The session store (Redis) failing is an outage the client may retry: 503 in the envelope, not Express's HTML 500. */
function sessionStoreErrors(err: unknown, _req: Request, res: Response, next: NextFunction): void {
  if (!err) return next();
  const { status, body } = isBackendOutage(err) ? SERVICE_UNAVAILABLE : INTERNAL_ERROR;
  res.status(status).json(body);
}

function noStore(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader('Cache-Control', 'no-store');
  next();
}
