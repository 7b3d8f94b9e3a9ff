import type { EntityManager } from '@mikro-orm/postgresql';
import type { SecretsCipher } from './secrets-cipher';
import { lockSealedCredentials, setSealedCredentials } from './leaderboard-platforms.repository';

export interface RekeyResult {
  resealed: number;
  alreadyCurrent: number;
}

/**
 * Re-seals every stored casino credential with the current SECRETS_KEY (opening it with the previous
 * one), in one transaction with the rows locked, so a half-done rotation never exists. Running it again
 * finds everything current and changes nothing.
 */
export async function rekeyCredentials(em: EntityManager, cipher: SecretsCipher): Promise<RekeyResult> {
  return em.transactional(async (tx) => {
    const rows = await lockSealedCredentials(tx);
    const result: RekeyResult = { resealed: 0, alreadyCurrent: 0 };
    for (const row of rows) {
      if (cipher.isCurrent(row.credentials_enc)) {
        result.alreadyCurrent++;
        continue;
      }
      const resealed = cipher.seal(cipher.open(row.credentials_enc));
      await setSealedCredentials(tx, row.id, resealed);
      result.resealed++;
    }
    return result;
  });
}
