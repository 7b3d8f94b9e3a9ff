import { Body, Controller, Get, Header, HttpCode, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import type { Request } from 'express';
import { CONTACT_MESSAGES, contactMessageSchema, type ContactMessageInput } from '@kickback/contracts';
import { CurrentUser, ok, zodPipe, type SessionUser } from '@kickback/platform';
import { CaptchaService, ContactService } from '@kickback/domain';

/** SPEC §7 GET /captcha and POST /contact: open to everyone, limited per member or address. */
@ApiTags('contact')
@Controller('api/r')
export class ContactController {
  constructor(
    private readonly captcha: CaptchaService,
    private readonly contact: ContactService,
  ) {}

  @Get('captcha')
  @Header('Cache-Control', 'no-store')
  @Throttle({ default: { limit: 30, ttl: 60_000 } })
  async issueCaptcha() {
    return ok(await this.captcha.issue());
  }

  @Post('contact')
  @HttpCode(200)
  @Throttle({ default: { limit: 5, ttl: 600_000 } })
  async submit(
    @CurrentUser() user: SessionUser | null,
    @Req() req: Request,
    @Body(zodPipe(contactMessageSchema)) body: ContactMessageInput,
  ) {
    await this.contact.submit({ userId: user?.id ?? null, ip: req.ip ?? 'unknown' }, body);
    return ok(undefined, CONTACT_MESSAGES.sent);
  }
}
