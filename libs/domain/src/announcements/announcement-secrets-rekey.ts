import type { EntityManager } from '@mikro-orm/postgresql';
import { SecretsCipher } from '../leaderboard/secrets-cipher';
import type { RekeyResult } from '../leaderboard/credentials-rekey';
import { ANNOUNCEMENT_SECRET_PURPOSE } from './announcement-cipher';
import { AnnouncementsRepository } from './announcements.repository';

/** Re-seals every hook's URL and signing secret with the current SECRETS_KEY (opening them with the previous one), rows locked. */
export async function rekeyAnnouncementSecrets(em: EntityManager, key: string, previousKey: string): Promise<RekeyResult> {
  const cipher = new SecretsCipher(key, previousKey, ANNOUNCEMENT_SECRET_PURPOSE);
  const repository = new AnnouncementsRepository();
  return em.transactional(async (tx) => {
    const result: RekeyResult = { resealed: 0, alreadyCurrent: 0 };
    for (const row of await repository.lockSealed(tx)) {
      if (cipher.isCurrent(row.url_sealed) && (!row.secret_sealed || cipher.isCurrent(row.secret_sealed))) {
        result.alreadyCurrent++;
        continue;
      }
      const reseal = (sealed: string) => cipher.seal(cipher.open(sealed));
      await repository.setSealed(tx, row.id, reseal(row.url_sealed), row.secret_sealed ? reseal(row.secret_sealed) : null);
      result.resealed++;
    }
    return result;
  });
}
