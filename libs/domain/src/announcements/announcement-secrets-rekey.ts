import type { EntityManager } from '@mikro-orm/postgresql';
import { SecretsCipher } from '../leaderboard/secrets-cipher';
import type { RekeyResult } from '../leaderboard/credentials-rekey';
import { ANNOUNCEMENT_SECRET_PURPOSE } from './announcement-cipher';

interface SealedHook {
  id: number;
  url_sealed: string;
  secret_sealed: string | null;
}

/** Re-seals every hook's URL and signing secret with the current SECRETS_KEY (opening them with the previous one), rows locked. */
export async function rekeyAnnouncementSecrets(em: EntityManager, key: string, previousKey: string): Promise<RekeyResult> {
  const cipher = new SecretsCipher(key, previousKey, ANNOUNCEMENT_SECRET_PURPOSE);
  return em.transactional(async (tx) => {
    const rows = await tx.execute<SealedHook[]>('select id, url_sealed, secret_sealed from announcement_hooks order by id for update');
    const result: RekeyResult = { resealed: 0, alreadyCurrent: 0 };
    for (const row of rows) {
      if (cipher.isCurrent(row.url_sealed) && (!row.secret_sealed || cipher.isCurrent(row.secret_sealed))) {
        result.alreadyCurrent++;
        continue;
      }
      const reseal = (sealed: string) => cipher.seal(cipher.open(sealed));
      await tx.execute('update announcement_hooks set url_sealed = ?, secret_sealed = ? where id = ?', [
        reseal(row.url_sealed),
        row.secret_sealed ? reseal(row.secret_sealed) : null,
        row.id,
      ]);
      result.resealed++;
    }
    return result;
  });
}
