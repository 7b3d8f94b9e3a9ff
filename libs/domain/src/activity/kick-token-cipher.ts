import { Injectable } from '@nestjs/common';
import { AppConfig } from '@kickback/platform';
import { SecretsCipher } from '../leaderboard/secrets-cipher';

/** The purpose bound into every sealed Kick token: a casino credential cannot be opened as one, nor the reverse. */
export const KICK_TOKEN_PURPOSE = 'kick-connection-tokens';

/** SecretsCipher (SECRETS_KEY, SECRETS_KEY_PREVIOUS during a rotation) for the connected account's tokens. */
@Injectable()
export class KickTokenCipher extends SecretsCipher {
  constructor(config: AppConfig) {
    super(config.env.SECRETS_KEY, config.env.SECRETS_KEY_PREVIOUS, KICK_TOKEN_PURPOSE);
  }
}
