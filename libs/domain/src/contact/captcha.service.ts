import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type Redis from 'ioredis';
import svgCaptcha from 'svg-captcha';
import type { Captcha } from '@kickback/contracts';
import { InjectRedis } from '@kickback/platform';

/** Where a captcha's answer waits for its one check; tests read it to solve the captcha. */
export const captchaKey = (token: string) => `captcha:${token}`;
export const CAPTCHA_TTL_SECONDS = 600;

/** Letters and digits that cannot be mistaken for one another in a distorted image. */
const CHARSET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';

/**
 * Image captchas for anonymous forms. The answer never leaves the server: it is stored under
 * a random token and every check consumes the token atomically (GETDEL), so a code can be
 * tried once, and twenty requests racing with one token cannot all pass.
 */
@Injectable()
export class CaptchaService {
  constructor(@InjectRedis() private readonly redis: Redis) {}

  async issue(): Promise<Captcha> {
    const { data, text } = svgCaptcha.create({
      size: 5,
      charPreset: CHARSET,
      noise: 2,
      color: true,
      background: '#f4efe9',
      width: 150,
      height: 50,
    });
    const token = randomBytes(24).toString('base64url');
    await this.redis.set(captchaKey(token), text.toLowerCase(), 'EX', CAPTCHA_TTL_SECONDS);
    return { token, image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}` };
  }

  /** True once for the right answer; the token is gone afterwards whatever the answer was. */
  async consume(token: string, answer: string): Promise<boolean> {
    const expected = await this.redis.getdel(captchaKey(token));
    return expected !== null && expected === answer.trim().toLowerCase();
  }
}
