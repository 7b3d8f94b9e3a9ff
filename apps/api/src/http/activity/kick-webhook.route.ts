import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { INTERNAL_ERROR, SERVICE_UNAVAILABLE, errorEnvelope, fail } from '@kickback/platform';
import { KickWebhookService } from '@kickback/domain';

const WEBHOOK_REFUSALS: Record<string, string> = {
  malformed: 'The delivery is missing Kick headers, has an unreadable timestamp or is not valid JSON.',
  'bad-signature': 'The signature does not verify.',
};

const header = (req: Request, name: string): string | undefined => req.get(name) ?? undefined;

/**
 * POST /webhooks/kick: Kick's event deliveries, as a plain Express route ahead of Nest's pipeline. A gift train or a
 * busy chat is thousands of deliveries a second, and none of what that pipeline does applies to them: they are server
 * to server and signed (no CSRF token, no session, no per-address limit: Kick delivers from a few addresses), they
 * carry no member, and each is already recorded in the admin's delivery log, so no access line either. The body stays
 * raw because the signature covers its exact bytes. Errors are answered in the same envelope as every other route.
 */
export function mountKickWebhook(app: NestExpressApplication): void {
  const webhooks = app.get(KickWebhookService);
  const logger = new Logger('KickWebhook');
  const server = app.getHttpAdapter().getInstance() as Express;
  const readRaw = express.raw({ type: () => true, limit: '256kb' });
  // The body is read here, before the app's own parsers and their error handler: its errors are answered here too.
  const body = (req: Request, res: Response, next: NextFunction) =>
    readRaw(req, res, (err?: { type?: string }) => {
      if (!err) return next();
      if (err.type === 'entity.too.large') res.status(413).json(fail('The request is too large.'));
      else res.status(400).json(fail('The request body could not be read.'));
    });
  server.post('/webhooks/kick', body, (req: Request, res: Response) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const headers = {
      messageId: header(req, 'Kick-Event-Message-Id'),
      timestamp: header(req, 'Kick-Event-Message-Timestamp'),
      signature: header(req, 'Kick-Event-Signature'),
      type: header(req, 'Kick-Event-Type'),
      version: header(req, 'Kick-Event-Version'),
      subscriptionId: header(req, 'Kick-Event-Subscription-Id'),
    };
    webhooks.receive(headers, raw).then(
      (answer) =>
        res
          .status(answer.status)
          .json(
            answer.status === 200
              ? { success: true, message: answer.result }
              : { success: false, message: WEBHOOK_REFUSALS[answer.result] },
          ),
      (err: unknown) => {
        const known = errorEnvelope(err);
        if (known === SERVICE_UNAVAILABLE) logger.warn({ err }, 'database or Redis unavailable');
        else logger.error({ err }, 'Kick delivery failed');
        const { status, body } = known ?? INTERNAL_ERROR;
        if (!res.headersSent) res.status(status).json(body);
      },
    );
  });
}
