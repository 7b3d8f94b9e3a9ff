import { Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { SkipCsrf } from '@kickback/platform';
import { KickWebhookService } from '@kickback/domain';

const header = (req: Request, name: string): string | undefined => req.get(name) ?? undefined;

/**
 * Kick's event deliveries. Server to server and signed, so no CSRF token (the route-security test names this one
 * exemption) and no per-address limit (Kick delivers from a few addresses); the body arrives raw (express.raw on
 * this path only, configure-api-app) because the signature covers its exact bytes.
 */
@ApiExcludeController()
@SkipCsrf()
@SkipThrottle()
@Controller('webhooks')
export class KickWebhookController {
  constructor(private readonly webhooks: KickWebhookService) {}

  @Post('kick')
  @HttpCode(200)
  async receive(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const answer = await this.webhooks.receive(
      {
        messageId: header(req, 'Kick-Event-Message-Id'),
        timestamp: header(req, 'Kick-Event-Message-Timestamp'),
        signature: header(req, 'Kick-Event-Signature'),
        type: header(req, 'Kick-Event-Type'),
        version: header(req, 'Kick-Event-Version'),
      },
      raw,
    );
    res.status(answer.status);
    return answer.status === 200 ? { success: true, message: answer.result } : { success: false, message: WEBHOOK_REFUSALS[answer.result] };
  }
}

const WEBHOOK_REFUSALS: Record<string, string> = {
  malformed: 'The delivery is missing Kick headers or is not valid JSON.',
  'bad-signature': 'The signature does not verify.',
  stale: 'The message timestamp is outside the accepted window.',
};
