import { Injectable } from '@nestjs/common';
import { AppConfig } from '@kickback/platform';
import { SecretsCipher } from '../leaderboard/secrets-cipher';

/** The purpose bound into every sealed overlay token: no other sealed secret opens as one, nor the reverse. */
export const OVERLAY_TOKEN_PURPOSE = 'overlay-tokens';

/** SecretsCipher (SECRETS_KEY, SECRETS_KEY_PREVIOUS during a rotation) for the copies of overlay tokens admins can view. */
@Injectable()
export class OverlayTokenCipher extends SecretsCipher {
  constructor(config: AppConfig) {
    super(config.env.SECRETS_KEY, config.env.SECRETS_KEY_PREVIOUS, OVERLAY_TOKEN_PURPOSE);
  }
}
