import type { EntityManager } from '@mikro-orm/postgresql';
import { SecretsCipher } from '../leaderboard/secrets-cipher';
import type { RekeyResult } from '../leaderboard/credentials-rekey';
import { KickConnectionRepository } from './kick-connection.repository';
import { KICK_TOKEN_PURPOSE } from './kick-token-cipher';

/**
 * Re-seals the connected Kick account's tokens with the current SECRETS_KEY (opening them with the previous one), the
 * row locked for the transaction. Counts the row once whatever number of tokens it holds.
 */
export async function rekeyKickTokens(em: EntityManager, key: string, previousKey: string): Promise<RekeyResult> {
  const cipher = new SecretsCipher(key, previousKey, KICK_TOKEN_PURPOSE);
  const repository = new KickConnectionRepository();
  return em.transactional(async (tx) => {
    const row = await repository.lockSealed(tx);
    if (!row) return { resealed: 0, alreadyCurrent: 0 };
    const current = cipher.isCurrent(row.access_token_enc) && (!row.refresh_token_enc || cipher.isCurrent(row.refresh_token_enc));
    if (current) return { resealed: 0, alreadyCurrent: 1 };
    const reseal = (sealed: string) => cipher.seal(cipher.open(sealed));
    await repository.setSealed(tx, reseal(row.access_token_enc), row.refresh_token_enc ? reseal(row.refresh_token_enc) : null);
    return { resealed: 1, alreadyCurrent: 0 };
  });
}
