import { Injectable } from '@nestjs/common';
import { AppConfig } from '@kickback/platform';
import { SecretsCipher } from '../leaderboard/secrets-cipher';

/** Bound into every sealed hook URL and signing secret: nothing sealed for another purpose opens here, nor the reverse. */
export const ANNOUNCEMENT_SECRET_PURPOSE = 'announcement-hooks';

/** SecretsCipher (SECRETS_KEY, SECRETS_KEY_PREVIOUS during a rotation) for hook URLs (Discord's carry a token) and secrets. */
@Injectable()
export class AnnouncementCipher extends SecretsCipher {
  constructor(config: AppConfig) {
    super(config.env.SECRETS_KEY, config.env.SECRETS_KEY_PREVIOUS, ANNOUNCEMENT_SECRET_PURPOSE);
  }
}
