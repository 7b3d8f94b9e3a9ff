import type { EntityManager } from '@mikro-orm/postgresql';
import type { SecretsCipher } from './secrets-cipher';

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
    const rows = await tx.execute<{ id: number; credentials_enc: string }[]>(
      'select id, credentials_enc from leaderboard_platforms where credentials_enc is not null order by id for update',
    );
    const result: RekeyResult = { resealed: 0, alreadyCurrent: 0 };
    for (const row of rows) {
      if (cipher.isCurrent(row.credentials_enc)) {
        result.alreadyCurrent++;
        continue;
      }
      const resealed = cipher.seal(cipher.open(row.credentials_enc));
      await tx.execute('update leaderboard_platforms set credentials_enc = ? where id = ?', [resealed, row.id]);
      result.resealed++;
    }
    return result;
  });
}
