import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { SAFETY_MESSAGES, ageAnswerSchema, takeBreakSchema, type AgeAnswer, type TakeBreakRequest } from '@kickback/contracts';
import { Authenticated, CurrentUser, ViewerCountryService, ok, zodPipe, type SessionUser } from '@kickback/platform';
import { AgeGateService, MemberBreaksService, ageCookieValue } from '@kickback/domain';
import { ViewerSafetyReader } from './viewer-safety.reader';

/** The viewer's standing for gambling content, their answer to the age question, and a member's break. */
@ApiTags('safety')
@Controller('api/r/safety')
export class SafetyController {
  constructor(
    private readonly reader: ViewerSafetyReader,
    private readonly gate: AgeGateService,
    private readonly breaks: MemberBreaksService,
    private readonly country: ViewerCountryService,
  ) {}

  @Get()
  async standing(@Req() req: Request) {
    return ok(await this.reader.of(req));
  }

  /**
   * "Yes" confirms the age asked in the viewer's country (kept on a member's account, and in the browser's cookie);
   * "No" is kept in the cookie only, so the same browser is not asked again until it expires.
   */
  @Post('age')
  @HttpCode(200)
  async answer(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Body(zodPipe(ageAnswerSchema)) body: AgeAnswer) {
    const before = await this.reader.of(req);
    if (before.gate === 'confirmed') return ok(before, SAFETY_MESSAGES.ageConfirmedAlready);
    const value = ageCookieValue(body.answer, before.min_age);
    await this.gate.answer(req.session?.userId ?? null, body, before.min_age, this.country.of(req));
    this.reader.remember(res, value);
    return ok(await this.reader.of(req, value));
  }

  @Post('break')
  @HttpCode(201)
  @Authenticated()
  async takeBreak(@CurrentUser() user: SessionUser, @Body(zodPipe(takeBreakSchema)) body: TakeBreakRequest) {
    return ok(await this.breaks.take(user.id, body.period), SAFETY_MESSAGES.breakStarted);
  }
}
